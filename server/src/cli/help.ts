/**
 * The help texts, laid out as git and cargo do: a command's help comes from the data its module
 * keeps beside its options; the overall usage lists each command with its one-line summary.
 */

/** A command's help, kept beside its options. */
export interface CommandHelp {
  /** Each way of calling it, after `deck-sim NAME`. */
  usage: string[];
  /** Each option as the usage writes it (`--format F`) with what it does: every option the command takes. */
  options: [string, string][];
  /** A paragraph after the options, if there is more to say. */
  notes?: string;
}

export const WIDTH = 80;
const HELP_OPTION: [string, string] = ['-h, --help', 'print this help'];

/** `deck-sim NAME --help`: the summary, the usage, the options and the notes. */
export function formatCommandHelp(name: string, summary: string, help: CommandHelp): string {
  const usage = help.usage.map((form, i) => {
    const lead = i === 0 ? 'Usage: ' : '       ';
    return wrapWords(`${lead}deck-sim ${name} `, form, ' '.repeat(`       deck-sim ${name} `.length));
  });
  const options = [...help.options, HELP_OPTION];
  const column = Math.max(...options.map(([option]) => option.length)) + 2;
  const indent = ' '.repeat(column + 2);
  const optionLines = options.map(([option, text]) => wrapWords(`  ${option.padEnd(column)}`, text, indent));
  const notes = help.notes === undefined ? [] : ['', wrapWords('', help.notes, '')];
  return [summary, '', ...usage, '', 'Options:', ...optionLines, ...notes].join('\n') + '\n';
}

/** The overall usage: how to call deck-sim, each command with its summary, then `notes`. */
export function formatOverallUsage(summaries: readonly [string, string][], notes: readonly string[]): string {
  const column = Math.max(...summaries.map(([name]) => name.length)) + 2;
  const indent = ' '.repeat(column + 2);
  const commands = summaries.map(([name, summary]) => wrapWords(`  ${name.padEnd(column)}`, summary, indent));
  const paragraphs = notes.map((note) => wrapWords('', note, ''));
  return [
    'Usage: deck-sim COMMAND [OPTIONS] [ARGUMENTS]', '       deck-sim --version', '', 'Commands:', ...commands, '',
    ...paragraphs.flatMap((paragraph) => [paragraph, '']),
    "Run 'deck-sim COMMAND --help' for a command's usage and options.",
  ].join('\n') + '\n';
}

/**
 * `first` then the words of `text`, broken before WIDTH onto lines that start with `indent`. A
 * bracketed group (`[--game mahjong|cirno]`, `[--augment DIR [--force]]...`) is one word, so an
 * option never splits from its value.
 */
function wrapWords(first: string, text: string, indent: string): string {
  const words: string[] = [];
  let depth = 0;
  let word = '';
  for (const char of text + ' ') {
    if (/\s/.test(char) && depth === 0) {
      if (word) words.push(word);
      word = '';
      continue;
    }
    if (char === '[') depth++;
    if (char === ']') depth = Math.max(0, depth - 1);
    word += char;
  }
  const lines: string[] = [];
  let line = first;
  let empty = true;
  for (const word of words) {
    if (!empty && line.length + 1 + word.length > WIDTH) {
      lines.push(line);
      line = indent;
      empty = true;
    }
    line += (empty ? '' : ' ') + word;
    empty = false;
  }
  lines.push(line);
  return lines.map((l) => l.trimEnd()).join('\n');
}
