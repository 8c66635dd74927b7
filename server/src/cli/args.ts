/** Command-line words to options, with the usage text every usage error ends with. */
import { FORMATS, FORMAT_ENDINGS, GAME_NAMES, STDIN_FORMAT } from './decks';
import type { Io } from './io';

export const USAGE = `Usage:
  deck-sim simulate [--format F] FILE|-
      Print the judge's transcript of one deck.
  deck-sim simulate [--format F] [--jobs N] --out-dir DIR FILE|DIR...
      Write DIR/NAME.out for each deck.
  deck-sim check [--format F] [--jobs N] FILE|DIR...|-
      List every problem as FILE:LINE:COL: severity: message.
  deck-sim judge --solution CMD [--time-limit MS] [--json] [--jobs N] [--format F] DECK|DIR...
      Run your solution on each deck: AC, WA, TLE, RE or OLE (1000 ms and 16 MB by default).
  deck-sim diff [--json] [--format F] DECK OUTPUT|-
      Judge an output you already have.
  deck-sim stress --solution CMD [--game ${GAME_NAMES}] [--count N] [--seed S] [--jobs N]
                  [--time-limit MS] [--out FILE] [--shrink-runs N]
      Random decks until your solution fails, then a shrunk counterexample in FILE.
  deck-sim audit [--json] [--solution CMD]... [--wrong CMD]... [--augment DIR [--force]] [--seed S]
                 [--jobs N] [--time-limit MS] [--format F] DECK|DIR...
      How strong a set of one game's decks is: rule branches exercised, likely mistakes caught,
      --solution programs passing and --wrong ones failing; --augment writes the decks it lacks.
  deck-sim explain [--json] [--format F] [--line N] FILE
      Each transcript line with the deck line it moves and why it happens.
  deck-sim lsp --stdio
      Start the language server.

F is ${FORMATS}; without --format it comes from the file name: ${FORMAT_ENDINGS.join(', ')};
stdin is ${STDIN_FORMAT}. A DIR stands for the decks in it. --jobs defaults to the cores.
CMD is split into words like a shell would, but runs without one.
Problems go to stderr; transcripts and reports go to stdout.
Exit status: 0 success (every deck valid, every verdict AC, no failure found),
1 a deck has errors or a solution failed (audit: a mistake not caught, a --solution failing or a
--wrong passing), 2 usage error.`;

export class UsageError extends Error {}

/** An option's kind: a flag, one that takes the next word as its value, or one given any number of times. */
export type OptionSpec = Record<string, 'flag' | 'value' | 'values'>;

export interface ParsedArgs {
  options: Map<string, string | true>;
  /** Every value of each 'values' option, in order. */
  lists: Map<string, string[]>;
  positional: string[];
}

/** A command of `deck-sim`: the options it reads, and what it does; resolves to the exit status. */
export interface Command {
  options: OptionSpec;
  run(args: ParsedArgs, io: Io): Promise<number>;
}

/** Reads `--name value`, `--name=value` and flags; `-` alone is a positional (stdin). */
export function parseArgs(words: readonly string[], spec: OptionSpec): ParsedArgs {
  const options = new Map<string, string | true>();
  const lists = new Map<string, string[]>();
  const positional: string[] = [];
  for (let i = 0; i < words.length; i++) {
    const word = words[i];
    if (word === '--') {
      positional.push(...words.slice(i + 1));
      break;
    }
    if (!word.startsWith('-') || word === '-') {
      positional.push(word);
      continue;
    }
    const eq = word.indexOf('=');
    const name = eq > 0 ? word.slice(0, eq) : word;
    const kind = spec[name];
    if (kind === undefined) throw new UsageError(`unknown option '${name}'`);
    if (kind === 'flag') {
      if (eq > 0) throw new UsageError(`${name} takes no value`);
      options.set(name, true);
      continue;
    }
    const value = eq > 0 ? word.slice(eq + 1) : words[++i];
    if (value === undefined) throw new UsageError(`${name} needs a value`);
    options.set(name, value);
    if (kind === 'values') lists.set(name, [...(lists.get(name) ?? []), value]);
  }
  return { options, lists, positional };
}

/** Every value of an option given any number of times. */
export function listOption(args: ParsedArgs, name: string): string[] {
  return args.lists.get(name) ?? [];
}

export function stringOption(args: ParsedArgs, name: string): string | undefined {
  const value = args.options.get(name);
  return typeof value === 'string' ? value : undefined;
}

/** A whole number within [min, max], or the default when the option is absent. */
export function integerOption(args: ParsedArgs, name: string, min: number, max: number, fallback: number): number {
  const text = stringOption(args, name);
  if (text === undefined) return fallback;
  const value = /^-?\d+$/.test(text) ? Number(text) : NaN;
  if (!Number.isSafeInteger(value) || value < min || value > max) {
    throw new UsageError(`${name} must be a whole number from ${min} to ${max}, not '${text}'`);
  }
  return value;
}
