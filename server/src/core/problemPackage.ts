/**
 * A set of decks as a Kattis / ICPC problem package (the legacy format that problemtools,
 * DOMjudge and Kattis import): the files it holds, as paths and texts. Writing them, the input
 * validator's bundle and the submissions' sources are the caller's.
 */
import type { Problem } from './problem';
import type { DeckGame } from './deckGame';

/** A deck of the set, named as its test case will be (`official-01`). */
export interface PackageDeck {
  name: string;
  text: string;
  /** What the deck is for (from `audit --augment`), written as NAME.desc. */
  description?: string;
}

export interface PackageSettings {
  /** The problem's name in problem.yaml. */
  name: string;
  source?: string;
  /** One of PACKAGE_LICENSES. */
  license: string;
  /** The tool and version that wrote the package, named in problem.yaml's first line. */
  writtenBy: string;
  /** problem.yaml's `limits: memory`, in MB: the judge's memory limit, as deck-sim's judge applies it. */
  memoryLimitMb: number;
}

export interface PackageFile {
  /** Relative to the package folder, `/`-separated. */
  path: string;
  text: string;
}

/** A deck the package cannot hold: its errors, or a name the format does not allow. */
export interface RefusedDeck {
  name: string;
  problems: readonly Problem[];
  /** Set when the name is the reason: `NAME.in` is not a file name the format allows. */
  badName?: boolean;
  /** Set when an earlier deck of the set has the same name (the two would be one test case). */
  duplicate?: boolean;
}

export type PackageFiles = { files: PackageFile[] } | { refused: RefusedDeck[] };

/** The licenses problem.yaml allows. */
export const PACKAGE_LICENSES = ['unknown', 'public domain', 'cc0', 'cc by', 'cc by-sa', 'educational', 'permission'];

/** What a file name in a package must look like (the format's rule for every file). */
export const PACKAGE_FILE_NAME = /^[a-zA-Z0-9][a-zA-Z0-9_.-]*[a-zA-Z0-9]$/;

/** The folder of the input validator, and its one file. */
export const VALIDATOR_PATH = 'input_validators/deck/validate.js';

/**
 * The judge's answers are compared token by token, as the default output validator does,
 * but with case: names and tiles are case-sensitive, and the simulator's judge is too.
 * `space_change_sensitive` is left out on purpose: it would reject the trailing spaces and
 * the missing final newline the simulator's judge forgives.
 */
export const VALIDATOR_FLAGS = 'case_sensitive';

/**
 * The input validator's file: the validator bundle (dist/validator.js, which the CLI reads from
 * its installation and the extension from its own folder) and the line that runs it for `gameId`.
 */
export function validatorFile(bundle: string, gameId: string): PackageFile {
  return { path: VALIDATOR_PATH, text: bundle + validatorCall(gameId) };
}

/** What follows the bundle in the validator's file: the line that runs it for `gameId`. */
export function validatorCall(gameId: string): string {
  return `\nmodule.exports.runValidator(${JSON.stringify(gameId)});\n`;
}

/**
 * problem.yaml, and each deck as data/sample|secret/NAME.in (the judge's exact input),
 * NAME.ans (the reference transcript) and NAME.desc when it has a description. Refuses the
 * whole set when a deck has errors or a name the format does not allow.
 */
export function problemPackageFiles(
  game: DeckGame, samples: readonly PackageDeck[], secret: readonly PackageDeck[], settings: PackageSettings,
): PackageFiles {
  const files: PackageFile[] = [{ path: 'problem.yaml', text: problemYaml(settings) }];
  const refused: RefusedDeck[] = [];
  const names = new Set<string>();
  const add = (folder: string, deck: PackageDeck) => {
    // The rule is the format's for a whole file name: `1.in` is allowed though `1` alone is not.
    if (!PACKAGE_FILE_NAME.test(`${deck.name}.in`)) {
      refused.push({ name: deck.name, problems: [], badName: true });
      return;
    }
    if (names.has(deck.name)) {
      refused.push({ name: deck.name, problems: [], duplicate: true });
      return;
    }
    names.add(deck.name);
    const analysis = game.analyze(deck.text);
    const input = game.judgeInput(analysis);
    const answer = game.transcript(analysis);
    if (input === undefined || answer === undefined) {
      refused.push({ name: deck.name, problems: analysis.problems.filter((p) => p.severity === 'error') });
      return;
    }
    const base = `data/${folder}/${deck.name}`;
    files.push({ path: `${base}.in`, text: input }, { path: `${base}.ans`, text: answer });
    if (deck.description !== undefined) files.push({ path: `${base}.desc`, text: oneLine(deck.description) + '\n' });
  };
  for (const deck of samples) add('sample', deck);
  for (const deck of secret) add('secret', deck);
  return refused.length > 0 ? { refused } : { files };
}

function problemYaml(settings: PackageSettings): string {
  const lines = [
    `# Written by ${settings.writtenBy}: test data made and checked by its simulator.`,
    `name: ${yamlString(settings.name)}`,
  ];
  if (settings.source !== undefined) lines.push(`source: ${yamlString(settings.source)}`);
  lines.push(`license: ${settings.license}`, 'validation: default', `validator_flags: ${VALIDATOR_FLAGS}`);
  lines.push('limits:', `  memory: ${settings.memoryLimitMb}`);
  return lines.join('\n') + '\n';
}

/** A YAML double-quoted scalar: any text, control characters escaped. */
export function yamlString(text: string): string {
  return JSON.stringify(oneLine(text));
}

function oneLine(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}
