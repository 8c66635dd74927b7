/** Command-line words to options; what every command shares. */
import type { CommandHelp } from './help';
import type { Io } from './processIo';

export class UsageError extends Error {}

/** An option's kind: a flag, one that takes the next word as its value, or one given any number of times. */
export type OptionSpec = Record<string, 'flag' | 'value' | 'list'>;

export interface ParsedArgs {
  options: Map<string, string | true>;
  /** The values of 'list' options, in the order given. */
  lists: Map<string, string[]>;
  /** `--help` or `-h` came before any error: the command prints its help and does nothing else. */
  help?: true;
  positional: string[];
}

/** A command of `deck-sim`: the options it reads, their help, and what it does; resolves to the exit status. */
export interface Command {
  options: OptionSpec;
  help: CommandHelp;
  run(args: ParsedArgs, io: Io): Promise<number>;
}

/**
 * Reads `--name value`, `--name=value` and flags; `-` alone is a positional (stdin). Every
 * command takes `--help` (`-h`): the words after it are not read.
 */
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
    if (word === '--help' || word === '-h') return { options, lists, positional, help: true };
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
    if (kind === 'list') lists.set(name, [...(lists.get(name) ?? []), value]);
    else {
      // One value: a second, different one is refused rather than silently winning.
      const earlier = options.get(name);
      if (earlier !== undefined && earlier !== value) {
        throw new UsageError(`${name} is given twice ('${earlier}' and '${value}'): it takes one value`);
      }
      options.set(name, value);
    }
  }
  return { options, lists, positional };
}

/** Every value of a 'list' option, in the order given. */
export function listOption(args: ParsedArgs, name: string): string[] {
  return args.lists.get(name) ?? [];
}

export function stringOption(args: ParsedArgs, name: string): string | undefined {
  const value = args.options.get(name);
  return typeof value === 'string' ? value : undefined;
}

/**
 * A whole number within [min, max], or the default when the option is absent. `maxIs` says
 * what the bound is when it is not a plain limit (`the transcript's last line`).
 */
export function integerOption(
  args: ParsedArgs, name: string, min: number, max: number, fallback: number, maxIs?: string,
): number {
  const text = stringOption(args, name);
  if (text === undefined) return fallback;
  const value = /^-?\d+$/.test(text) ? Number(text) : NaN;
  if (!Number.isSafeInteger(value) || value < min || value > max) {
    const bound = maxIs === undefined ? `${max}` : `${max} (${maxIs})`;
    throw new UsageError(`${name} must be a whole number from ${min} to ${bound}, not '${text}'`);
  }
  return value;
}
