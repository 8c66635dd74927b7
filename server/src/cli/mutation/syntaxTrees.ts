/**
 * Syntax trees of C, C++ and Python sources from tree-sitter's grammars (WebAssembly builds, so
 * nothing native is installed): a real parser, where regular expressions would trip over
 * templates, `>>`, macros and strings. C is read with the C++ grammar, which parses C programs
 * as written in contests. The runtime and grammars load once, on first use.
 */
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { Language, Parser, type Tree } from '@vscode/tree-sitter-wasm';
import type { SourceLanguage } from './buildPlan';

const GRAMMARS: Record<SourceLanguage, string> = {
  c: 'tree-sitter-cpp.wasm', cpp: 'tree-sitter-cpp.wasm', python: 'tree-sitter-python.wasm',
};

/** A WebAssembly file: beside the bundle (dist/tree-sitter/), else in the package in the nearest node_modules. */
function wasmFile(name: string): string {
  const beside = join(__dirname, 'tree-sitter', name);
  if (existsSync(beside)) return beside;
  for (let dir = __dirname; ; dir = dirname(dir)) {
    const installed = join(dir, 'node_modules', '@vscode', 'tree-sitter-wasm', 'wasm', name);
    if (existsSync(installed) || dirname(dir) === dir) return installed;
  }
}

let runtime: Promise<void> | undefined;
const languages = new Map<string, Promise<Language>>();

async function parserFor(language: SourceLanguage): Promise<Parser> {
  runtime ??= Parser.init({ locateFile: (file: string) => wasmFile(file) });
  await runtime;
  const grammar = GRAMMARS[language];
  let loaded = languages.get(grammar);
  if (!loaded) languages.set(grammar, (loaded = Language.load(wasmFile(grammar))));
  const parser = new Parser();
  parser.setLanguage(await loaded);
  return parser;
}

/** The syntax tree of `source`; its nodes' indices are offsets into the string. */
export async function parseSource(source: string, language: SourceLanguage): Promise<Tree> {
  const parser = await parserFor(language);
  try {
    const tree = parser.parse(source);
    if (!tree) throw new Error('tree-sitter returned no tree');
    return tree;
  } finally {
    parser.delete();
  }
}
