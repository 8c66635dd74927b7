/**
 * Finds, in TypeScript or JavaScript source, the calls that could execute code or write files.
 * It reads the syntax tree (TypeScript's parser), so comments, strings and templates never count,
 * and `obj.evaluate()` is not `eval()`.
 */
import * as ts from 'typescript';

/** What a use is: code execution, or a file system call that writes. */
export type UseKind = 'child_process' | 'vm' | 'eval' | 'new Function' | 'fs write';

/** One use, e.g. `{ kind: 'fs write', name: 'writeFileSync', line: 6 }` (1-based line). */
export interface Use {
  kind: UseKind;
  name: string;
  line: number;
}

/** Node's fs functions that create, change or remove files (`open` is checked by its flags). */
const FS_WRITES = new Set([
  'appendFile', 'appendFileSync', 'chmod', 'chmodSync', 'chown', 'chownSync', 'copyFile', 'copyFileSync', 'cp',
  'cpSync', 'createWriteStream', 'link', 'linkSync', 'mkdir', 'mkdirSync', 'mkdtemp', 'mkdtempSync', 'rename',
  'renameSync', 'rm', 'rmSync', 'rmdir', 'rmdirSync', 'symlink', 'symlinkSync', 'truncate', 'truncateSync',
  'unlink', 'unlinkSync', 'utimes', 'utimesSync', 'write', 'writeFile', 'writeFileSync', 'writeSync', 'writev',
  'writevSync',
]);
const FS_OPENS = new Set(['open', 'openSync']);
const FS_MODULES = new Set(['fs', 'fs/promises']);

/** `node:child_process` and `child_process` alike. */
function moduleName(specifier: string): string {
  return specifier.startsWith('node:') ? specifier.slice('node:'.length) : specifier;
}

/** Every use in `text`, in source order. */
export function findUses(text: string, fileName = 'source.ts'): Use[] {
  const source = ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, true);
  const uses: Use[] = [];
  const add = (kind: UseKind, name: string, node: ts.Node) =>
    uses.push({ kind, name, line: source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1 });
  const fsFunctions = new Map<string, string>(); // local name -> fs function name
  const fsNamespaces = new Set<string>(); // `import * as fs`, `import fs`, `import { promises }`

  const onModule = (specifier: string, node: ts.Node, clause?: ts.ImportClause) => {
    const name = moduleName(specifier);
    if (name === 'child_process' || name === 'vm') add(name, name, node);
    if (!FS_MODULES.has(name)) return;
    if (!clause) {
      add('fs write', `${specifier} (loaded whole: its writes cannot be told apart)`, node);
      return;
    }
    if (clause.name) fsNamespaces.add(clause.name.text);
    const bindings = clause.namedBindings;
    if (bindings && ts.isNamespaceImport(bindings)) fsNamespaces.add(bindings.name.text);
    if (bindings && ts.isNamedImports(bindings)) {
      for (const element of bindings.elements) {
        const imported = (element.propertyName ?? element.name).text;
        if (imported === 'promises') fsNamespaces.add(element.name.text);
        else if (FS_WRITES.has(imported)) add('fs write', imported, element);
        else if (FS_OPENS.has(imported)) fsFunctions.set(element.name.text, imported);
      }
    }
  };

  /** `open(path)` and `open(path, 'r')` read; any other flags may write. */
  const onOpen = (call: ts.CallExpression, name: string) => {
    const flags = call.arguments[1];
    const reads = flags === undefined || (ts.isStringLiteralLike(flags) && /^rs?$/.test(flags.text));
    if (!reads) add('fs write', name, call);
  };

  const visit = (node: ts.Node): void => {
    if ((ts.isImportDeclaration(node) || ts.isExportDeclaration(node))
      && node.moduleSpecifier && ts.isStringLiteral(node.moduleSpecifier)) {
      onModule(node.moduleSpecifier.text, node, ts.isImportDeclaration(node) ? node.importClause : undefined);
    } else if (ts.isImportEqualsDeclaration(node) && ts.isExternalModuleReference(node.moduleReference)
      && ts.isStringLiteral(node.moduleReference.expression)) {
      onModule(node.moduleReference.expression.text, node);
    } else if (ts.isCallExpression(node)) {
      const callee = node.expression;
      const first = node.arguments[0];
      const loads = callee.kind === ts.SyntaxKind.ImportKeyword
        || (ts.isIdentifier(callee) && callee.text === 'require');
      if (loads && first && ts.isStringLiteralLike(first)) onModule(first.text, node);
      if (ts.isIdentifier(callee) && callee.text === 'eval') add('eval', 'eval', node);
      if (ts.isPropertyAccessExpression(callee) && callee.name.text === 'eval') {
        add('eval', callee.getText(source), node);
      }
      if (ts.isIdentifier(callee) && callee.text === 'Function') add('new Function', 'Function', node);
      if (ts.isIdentifier(callee) && fsFunctions.has(callee.text)) onOpen(node, callee.text);
      if (ts.isPropertyAccessExpression(callee) && ts.isIdentifier(callee.expression)
        && fsNamespaces.has(callee.expression.text) && FS_OPENS.has(callee.name.text)) {
        onOpen(node, callee.getText(source));
      }
    } else if (ts.isNewExpression(node) && ts.isIdentifier(node.expression) && node.expression.text === 'Function') {
      add('new Function', 'new Function', node);
    } else if (ts.isPropertyAccessExpression(node) && ts.isIdentifier(node.expression)) {
      if (node.expression.text === 'vm') add('vm', node.getText(source), node);
      if (fsNamespaces.has(node.expression.text) && FS_WRITES.has(node.name.text)) {
        add('fs write', node.getText(source), node);
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return uses;
}
