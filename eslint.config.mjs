// ESLint for every source file: server, client, webview, scripts, tests and the e2e harness.
// `npm run lint`. Layer rules keep server code that must also run in a web worker (core,
// features, protocol, LSP handlers) away from Node and VS Code; lsp/server.ts and cli/ are the
// Node-only entries. The client's shared code runs in the browser build too: client/src/node/
// and client/src/judge/ are its Node-only parts. The web suite runs in a web worker.
// tsconfig.core.json and tsconfig.web.json make the compiler check the same.
import { builtinModules } from 'node:module';
import js from '@eslint/js';
import { defineConfig } from 'eslint/config';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const nodeOnly = 'No Node API here: this code must also run in a browser or a web worker (Node: lsp/server.ts, cli/).';
/** Every Node builtin, bare (`fs`, `fs/promises`: exact names, so `./events` stays allowed) or `node:*`. */
const nodeModules = builtinModules.filter((name) => !name.startsWith('_')).map((name) => ({ name, message: nodeOnly }));
const nodeBuiltins = { group: ['node:*'], message: nodeOnly };
const nodeEntries = {
  group: ['vscode-languageserver/node', 'vscode-languageserver-protocol/node', 'vscode-jsonrpc/node'],
  message: 'The /node entry points are for lsp/server.ts only; import the package root instead.',
};
const vscodeApi = { name: 'vscode', message: 'The VS Code API belongs to client/ only.' };
const clientNodeOnly = {
  group: ['vscode-languageclient/node', 'vscode-languageserver/node', 'vscode-jsonrpc/node', '**/node/**',
    '**/judge/**'],
  message: 'The browser build shares this code: the Node-only modules (node/, judge/, /node entry points) are '
    + 'for client/src/node/ only.',
};
/** The server's modules below protocol/: importing one would bundle engine code into the client. */
const serverInternals = {
  group: ['**/server/src/core/**', '**/server/src/features/**', '**/server/src/lsp/**', '**/server/src/cli/**'],
  message: 'The client knows only server/src/protocol: it asks the server (games, bounds, frames) by request.',
};
/** The web suite's modules: test/web/suite/assert.ts stands in for node:assert/strict. */
const webSuiteNodeOnly = {
  regex: '^node:(?!assert/strict$)',
  message: 'The web suite runs in a web worker: no Node API but node:assert/strict (test/web/suite/assert.ts).',
};
/** LSP packages whose types (not code) features may use. */
const lspTypesOnly = {
  group: ['vscode-languageserver', 'vscode-languageserver-protocol', 'vscode-languageserver-types',
    'vscode-languageserver-textdocument', 'vscode-jsonrpc'],
  allowTypeImports: true,
  message: 'Features return editor-neutral data; only `import type` from the LSP packages here.',
};
/**
 * Relative imports that would reach up from a layer into the layers built on it.
 * @param {string[]} layers
 * @param {string} message
 */
const above = (layers, message) => ({ group: layers.map((layer) => `**/${layer}/**`), message });

/**
 * @param {object[]} patterns
 * @returns {import('eslint').Linter.RulesRecord}
 */
const restrict = (...patterns) => ({
  '@typescript-eslint/no-restricted-imports': ['error', { paths: [vscodeApi, ...nodeModules], patterns }],
});
/** Node's globals are as unreachable as its modules where they are not available. */
const noNodeGlobals = ['process', 'Buffer', '__dirname', '__filename', 'require', 'module', 'global', 'setImmediate']
  .map((name) => ({ name, message: 'No Node global here: this code must also run in a browser or a web worker.' }));

export default defineConfig(
  {
    // Generated tables: a test compares them with their generator's output byte for byte.
    ignores: ['out/**', 'dist/**', 'node_modules/**', 'test-results/**', '.cache/**', '**/*.generated.ts'],
  },
  js.configs.recommended,
  tseslint.configs.recommended,
  {
    linterOptions: { reportUnusedDisableDirectives: 'error' },
    languageOptions: { ecmaVersion: 2022, sourceType: 'module', globals: { ...globals.node } },
    rules: {
      // Long data (base64 pictures, URLs) may pass; code, messages and expectations may not.
      'max-len': ['error', {
        code: 120, tabWidth: 2, ignoreUrls: true,
      }],
      '@typescript-eslint/no-unused-vars': ['error', {
        argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none',
      }],
      eqeqeq: ['error', 'always', { null: 'ignore' }],
      'no-var': 'error',
      'prefer-const': 'error',
    },
  },
  {
    files: ['**/*.js', '**/*.cjs'],
    ignores: ['media/**'],
    languageOptions: { sourceType: 'commonjs' },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  {
    // Page scripts in media/: a browser, VS Code's webview API, no modules.
    files: ['media/**/*.js'],
    languageOptions: { sourceType: 'script', globals: { ...globals.browser, acquireVsCodeApi: 'readonly' } },
  },
  {
    // Webview modules (bundled for a browser page): they draw what the typed protocol carries.
    files: ['**/webview/**/*.ts'],
    languageOptions: { globals: { ...globals.browser, acquireVsCodeApi: 'readonly' } },
    rules: {
      ...restrict(nodeBuiltins, nodeEntries, {
        group: ['**/server/src/core/**', '**/server/src/features/**', '**/server/src/lsp/**', '**/server/src/cli/**'],
        message: 'A webview knows only server/src/protocol: it draws what the messages carry.',
      }),
      'no-restricted-globals': ['error', ...noNodeGlobals],
    },
  },
  {
    // tsconfig's `types: ["node"]` keeps mocha's globals out of the node:test files; the VS Code
    // suite opts in with `/// <reference types="mocha" />`.
    files: ['test/vscode/**/*.ts'],
    rules: { '@typescript-eslint/triple-slash-reference': ['error', { types: 'always' }] },
  },
  {
    // The client's code shared by the desktop and browser builds.
    files: ['client/src/**/*.ts'],
    ignores: ['client/src/node/**', 'client/src/judge/**', 'client/src/replay/webview/**'],
    rules: {
      '@typescript-eslint/no-restricted-imports': ['error', {
        paths: nodeModules, patterns: [nodeBuiltins, clientNodeOnly, serverInternals],
      }],
      'no-restricted-globals': ['error', ...noNodeGlobals],
    },
  },
  {
    // The client's Node-only parts: Node is theirs, the server's internals are not (the judge's
    // sentences come in its JSON, the games' data by request).
    files: ['client/src/node/**/*.ts', 'client/src/judge/**/*.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': ['error', { patterns: [serverInternals] }],
    },
  },
  {
    // The web suite (test/web/run.mjs bundles it for the web worker extension host) and the
    // integration tests it takes from test/vscode/suite.
    files: [
      'test/web/suite/**/*.ts', 'test/markdown.ts', 'test/vscode/suite/vscodeHelpers.ts',
      ...['mahjong', 'cirno', 'editorFeatures', 'replay'].map((name) => `test/vscode/suite/${name}.test.ts`),
    ],
    rules: {
      '@typescript-eslint/no-restricted-imports': ['error', {
        paths: nodeModules.filter(({ name }) => name !== 'assert/strict'), patterns: [webSuiteNodeOnly],
      }],
      'no-restricted-globals': ['error', ...noNodeGlobals.filter(({ name }) => name !== 'process')],
    },
  },
  {
    files: ['test/e2e/**/*.mjs'],
    // page.evaluate callbacks run in the workbench page.
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
  },
  {
    files: ['server/src/core/**/*.ts'],
    rules: {
      ...restrict(
        nodeBuiltins,
        { group: ['vscode-*'], message: 'core is pure: no LSP or VS Code, it returns data.' },
        above(['features', 'lsp', 'protocol', 'cli'], 'core is the bottom layer: nothing above it.'),
      ),
      'no-restricted-globals': ['error', ...noNodeGlobals],
    },
  },
  {
    files: ['server/src/features/**/*.ts'],
    rules: {
      ...restrict(nodeBuiltins, nodeEntries, lspTypesOnly, above(['lsp', 'cli'], 'features know no LSP handler.')),
      'no-restricted-globals': ['error', ...noNodeGlobals],
    },
  },
  {
    // Shared by server, client and webview: the environment-neutral package roots only.
    files: ['server/src/protocol/**/*.ts'],
    rules: {
      ...restrict(nodeBuiltins, nodeEntries, above(['features', 'lsp', 'cli'], 'protocol is shared data.')),
      'no-restricted-globals': ['error', ...noNodeGlobals],
    },
  },
  {
    // LSP handlers; lsp/server.ts is the Node entry that creates the connection.
    files: ['server/src/lsp/**/*.ts'],
    ignores: ['server/src/lsp/server.ts'],
    rules: {
      ...restrict(nodeBuiltins, { ...nodeEntries, allowTypeImports: true }, above(['cli'], 'handlers know no CLI.')),
      'no-restricted-globals': ['error', ...noNodeGlobals],
    },
  },
);
