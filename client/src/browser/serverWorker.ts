import * as vscode from 'vscode';

/**
 * Starts the language server's worker from its bundle. VS Code's extension host worker refuses
 * to start a worker from a `vscode-remote:` URI (an extension installed on a remote host, such
 * as code-server, running in the browser): that script is read through the workspace file
 * system and started from a blob. On vscode.dev the extension's files have an https URI.
 */
export async function startServerWorker(script: vscode.Uri): Promise<Worker> {
  if (script.scheme !== 'vscode-remote') return new Worker(script.toString(true));
  const code = await vscode.workspace.fs.readFile(script);
  return new Worker(URL.createObjectURL(new Blob([code.slice()], { type: 'text/javascript' })));
}
