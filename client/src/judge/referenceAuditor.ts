/**
 * The reference's mutants for Audit Test Set, desktop only: `deck-sim audit --json --reference`
 * through the bundled CLI (which builds and runs each mutant without a shell, under the judge's
 * limits, and ends them all when it is stopped), and `--kill-mutant` for one survivor's deck,
 * written to a fresh temporary folder that the report's button copies into the set.
 */
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import * as vscode from 'vscode';
import { SETTINGS_SECTION } from '../../../server/src/protocol/settings';
import { clientSetting } from '../settings';
import type { KilledMutant, ReferenceAuditor } from '../testSets/referenceRun';
import { failure, runCli, type Finished } from './cliJudge';
import { solutionLimits } from './solutionSettings';

/** A setting from the user's or a trusted workspace's settings only, as the solution's command. */
function trustedSetting(name: 'audit.reference' | 'audit.referenceBuild', scope: vscode.Uri): string {
  const set = vscode.workspace.getConfiguration(SETTINGS_SECTION, scope).inspect<string>(name);
  return (set?.workspaceFolderValue ?? set?.workspaceValue ?? set?.globalValue ?? '').trim();
}

/** The JSON line the CLI printed; 0 and 1 are its answers (1: something let through), anything else a failure. */
function jsonLine(finished: Finished): string {
  const line = finished.stdout.split('\n').find((l) => l.startsWith('{'));
  if ((finished.status !== 0 && finished.status !== 1) || !line) throw failure('deck-sim audit --reference', finished);
  return line;
}

export function cliReferenceAuditor(cliPath: string): ReferenceAuditor {
  const baseArgs = (folder: vscode.Uri, reference: vscode.Uri) => {
    const limits = solutionLimits(folder);
    const build = trustedSetting('audit.referenceBuild', folder);
    return [
      'audit', '--json', '--reference', reference.fsPath, ...(build === '' ? [] : ['--build', build]),
      '--memory-limit', String(limits.memoryLimitMb),
    ];
  };
  return {
    reference(folder) {
      const file = trustedSetting('audit.reference', folder);
      if (file === '') return undefined;
      if (!vscode.workspace.isTrusted) {
        void vscode.window.showWarningMessage('Deck Simulator runs the mutants of deckSim.audit.reference only in a'
          + ' trusted workspace (Workspaces: Manage Workspace Trust): the audit leaves them out.');
        return undefined;
      }
      if (folder.scheme !== 'file') return undefined;
      if (path.isAbsolute(file)) return vscode.Uri.file(file);
      const root = vscode.workspace.getWorkspaceFolder(folder)?.uri ?? vscode.workspace.workspaceFolders?.[0]?.uri;
      return root ? vscode.Uri.joinPath(root, file) : vscode.Uri.file(path.resolve(file));
    },
    async audit(folder, reference, onProgress, signal) {
      const finished = await runCli(cliPath, [...baseArgs(folder, reference), folder.fsPath], signal, (line) => {
        if (!line.startsWith('{')) onProgress(line);
      });
      return jsonLine(finished);
    },
    async kill(folder, reference, id, onProgress, signal): Promise<KilledMutant> {
      const dir = await mkdtemp(path.join(tmpdir(), 'deck-sim-kill-'));
      try {
        const out = path.join(dir, 'decks');
        const decks = String(clientSetting('audit.equivalenceDecks', folder));
        const args = [...baseArgs(folder, reference), '--equivalence-decks', decks, '--kill-mutant', id,
          '--augment', out, folder.fsPath];
        const json = jsonLine(await runCli(cliPath, args, signal, (line) => {
          if (!line.startsWith('{')) onProgress(line);
        }));
        const written = (JSON.parse(json) as { referenceMutants?: { id: string; killedBy: string | null }[] })
          .referenceMutants?.find((m) => m.id === id)?.killedBy;
        if (!written?.startsWith(out + path.sep)) return { json };
        const base = written.slice(0, -'.in'.length);
        const [input, answer, description] = await Promise.all(
          ['.in', '.ans', '.desc'].map((end) => readFile(base + end, 'utf8')),
        );
        return { json, deck: { input, answer, description } };
      } finally {
        await rm(dir, { recursive: true, force: true });
      }
    },
  };
}
