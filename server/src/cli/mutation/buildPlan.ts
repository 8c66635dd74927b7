/**
 * How a reference solution and its mutants are built and run: its language by its file name,
 * the default build command of that language or `--build`, and the precompiled header that
 * makes a default C or C++ build several times faster.
 */
import { basename, extname } from 'node:path';
import { UsageError } from '../args';
import { splitCommand } from '../judge/words';

export type SourceLanguage = 'c' | 'cpp' | 'python';

const LANGUAGES: Record<string, SourceLanguage> = {
  '.c': 'c', '.cc': 'cpp', '.cpp': 'cpp', '.cxx': 'cpp', '.c++': 'cpp', '.C': 'cpp', '.py': 'python',
};

/** The default build commands, as the documentation and the JSON report name them. */
export const DEFAULT_BUILDS: Record<Exclude<SourceLanguage, 'python'>, string> = {
  cpp: 'g++ -std=gnu++17 -O1 -w -o {out} {src}',
  c: 'gcc -O1 -w -o {out} {src}',
};

/** The interpreter a Python source runs with when no --build is given. */
export const PYTHON = 'python3';

export interface BuildPlan {
  language: SourceLanguage;
  /** The source's file name (no folder): every mutant is written under this name, so binaries do not differ by it. */
  fileName: string;
  /** `--build`'s command, the default one, or undefined for Python without --build (nothing is built). */
  template?: string;
  /** The template split into words, `{src}` and `{out}` still in them. */
  words?: string[];
  /** Whether the template is the language's default (its flags are known, so a precompiled header fits). */
  isDefault: boolean;
}

/** The language of `file` by its ending; a usage error naming `option` when it has none of them. */
export function languageOf(file: string, option = '--reference'): SourceLanguage {
  const ending = extname(file);
  const language = LANGUAGES[ending] ?? LANGUAGES[ending.toLowerCase()];
  if (language === undefined) {
    throw new UsageError(`${option} ${file}: cannot tell its language from '${ending || 'no ending'}' `
      + '(C: .c; C++: .cpp, .cc, .cxx; Python: .py)');
  }
  return language;
}

export function buildPlan(file: string, build: string | undefined, option = '--reference'): BuildPlan {
  const language = languageOf(file, option);
  const fileName = basename(file);
  if (build !== undefined) {
    const words = splitCommand(build);
    if (!words.some((word) => word.includes('{out}')) || !words.some((word) => word.includes('{src}'))) {
      throw new UsageError(`--build must name the source as {src} and the program it writes as {out}: ${build}`);
    }
    return { language, fileName, template: build, words, isDefault: false };
  }
  if (language === 'python') return { language, fileName, isDefault: true };
  const template = DEFAULT_BUILDS[language];
  return { language, fileName, template, words: template.split(' '), isDefault: true };
}

/** The template's words with `{src}` and `{out}` filled in. */
export function buildArgv(words: readonly string[], src: string, out: string): string[] {
  return words.map((word) => word.replaceAll('{src}', src).replaceAll('{out}', out));
}

/** The command line that runs a built program, or a Python source without --build. */
export function runArgv(plan: BuildPlan, program: string): string[] {
  return plan.template === undefined ? [PYTHON, program] : [program];
}

/**
 * The source's leading system includes (`#include <...>`, with blank and comment lines among
 * them), as the text of a header to precompile; undefined when the source starts otherwise.
 * Only a leading block is taken: a header included there first is included first anyway, so
 * including it once more ahead of the source (its guard makes that a no-op) changes nothing.
 */
export function leadingIncludes(source: string): string | undefined {
  const includes: string[] = [];
  let inComment = false;
  for (const raw of source.split('\n')) {
    const line = raw.trim();
    if (inComment) {
      if (line.includes('*/')) {
        if (line.slice(line.indexOf('*/') + 2).trim() !== '') break;
        inComment = false;
      }
      continue;
    }
    if (line === '' || line.startsWith('//')) continue;
    if (line.startsWith('/*')) {
      const close = line.indexOf('*/', 2);
      if (close < 0) inComment = true;
      else if (line.slice(close + 2).trim() !== '') break;
      continue;
    }
    const include = /^#\s*include\s*<[^<>]+>$/.exec(line);
    if (!include) break;
    includes.push(include[0]);
  }
  return includes.length === 0 ? undefined : includes.join('\n') + '\n';
}

/** The header-compiling command's arguments for a default template: its flags, `-x c++-header` or `c-header`. */
export function headerArgv(plan: BuildPlan, header: string, out: string): string[] | undefined {
  if (!plan.isDefault || !plan.words || plan.language === 'python') return undefined;
  const words = plan.words;
  const flags = words.slice(1).filter((word, i) => word !== '-o' && words[i] !== '-o' && !word.includes('{src}'));
  const kind = plan.language === 'cpp' ? 'c++-header' : 'c-header';
  return [...flags, '-x', kind, '-o', out, header];
}
