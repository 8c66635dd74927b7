/**
 * "Locate the Mistake" without VS Code: `deck-sim locate --json --repair`'s object read and
 * checked, each ranked line as a heat band and its hover text, and a repair as the lines it
 * replaces (from its unified diff, so that the editor applies exactly what `patch` would).
 */

export interface LocatedLine {
  /** 1-based, as the CLI prints it. */
  line: number;
  text: string;
  score: number;
  failingRuns: number;
  passingRuns: number;
}

export interface LocateRepair {
  line: number;
  original: string;
  replacement: string;
  diff: string;
  decksPassed: number;
}

export interface LocateResult {
  lines: LocatedLine[];
  decks: { failing: number; passing: number };
  repairs: LocateRepair[];
}

/** The heat bands, hottest first: a line's band is the first whose bound its score reaches. */
export const SCORE_BANDS = [
  { band: 'hot', from: 0.8 },
  { band: 'warm', from: 0.5 },
  { band: 'mild', from: 0.2 },
  { band: 'cool', from: 0 },
] as const;

export type ScoreBand = (typeof SCORE_BANDS)[number]['band'];

export interface LineHighlight {
  /** 0-based, as editors count. */
  line: number;
  band: ScoreBand;
  hover: string;
}

const isCount = (value: unknown): value is number => Number.isSafeInteger(value) && (value as number) >= 0;
const isLine = (value: unknown): value is number => Number.isSafeInteger(value) && (value as number) >= 1;
const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null;

/** The CLI's JSON, checked field by field: an Error naming the first field that is not what the CLI writes. */
export function parseLocateJson(text: string): LocateResult {
  const value: unknown = JSON.parse(text);
  const fail = (what: string) => new Error(`deck-sim locate printed an unexpected ${what}`);
  if (!isRecord(value) || !Array.isArray(value.lines) || !isRecord(value.decks)) throw fail('object');
  const { failing, passing } = value.decks;
  if (!isCount(failing) || !isCount(passing)) throw fail('deck count');
  const lines = value.lines.map((entry: unknown): LocatedLine => {
    if (!isRecord(entry) || !isLine(entry.line) || typeof entry.text !== 'string' || typeof entry.score !== 'number'
      || !Number.isFinite(entry.score) || !isCount(entry.failingRuns) || !isCount(entry.passingRuns)) {
      throw fail('line');
    }
    const { line, text: lineText, score, failingRuns, passingRuns } = entry;
    return { line, text: lineText, score, failingRuns, passingRuns };
  });
  const rawRepairs: unknown = value.repairs ?? [];
  if (!Array.isArray(rawRepairs)) throw fail('repairs');
  const repairs = rawRepairs.map((entry: unknown): LocateRepair => {
    if (!isRecord(entry) || !isLine(entry.line) || typeof entry.original !== 'string'
      || typeof entry.replacement !== 'string' || typeof entry.diff !== 'string' || !isCount(entry.decksPassed)) {
      throw fail('repair');
    }
    const { line, original, replacement, diff, decksPassed } = entry;
    return { line, original, replacement, diff, decksPassed };
  });
  return { lines, decks: { failing, passing }, repairs };
}

export function scoreBand(score: number): ScoreBand {
  return (SCORE_BANDS.find(({ from }) => score >= from) ?? SCORE_BANDS[SCORE_BANDS.length - 1]).band;
}

const runs = (count: number, total: number, kind: string) =>
  `${count} of ${total} ${kind} run${total === 1 ? '' : 's'}`;

/** "Suspiciousness 0.92: executed by 5 of 5 failing runs and 2 of 45 passing runs". */
export function hoverText(line: LocatedLine, decks: LocateResult['decks']): string {
  return `Suspiciousness ${line.score.toFixed(2)}: executed by ${runs(line.failingRuns, decks.failing, 'failing')}`
    + ` and ${runs(line.passingRuns, decks.passing, 'passing')}`;
}

export function lineHighlights(result: LocateResult): LineHighlight[] {
  return result.lines.map((line) => ({
    line: line.line - 1, band: scoreBand(line.score), hover: hoverText(line, result.decks),
  }));
}

/** What a repair changes: `removed` lines from `start` (0-based) become `added`. */
export interface RepairEdit {
  start: number;
  removed: string[];
  added: string[];
}

/** The change of a repair's unified diff (one hunk, as the CLI writes it), or undefined if it has none. */
export function repairEdit(repair: LocateRepair): RepairEdit | undefined {
  const lines = repair.diff.split('\n');
  const header = lines.findIndex((line) => line.startsWith('@@ '));
  const match = header >= 0 ? /^@@ -(\d+)(?:,(\d+))? \+\d+(?:,\d+)? @@/.exec(lines[header]) : null;
  if (!match) return undefined;
  // `-0,0` names the line before an empty range; otherwise the 1-based first line of the hunk.
  let index = match[2] === '0' ? Number(match[1]) : Number(match[1]) - 1;
  let start: number | undefined;
  const removed: string[] = [];
  const added: string[] = [];
  for (const line of lines.slice(header + 1)) {
    if (line.startsWith('@@')) break;
    const mark = line[0];
    const text = line.slice(1).replace(/\r$/, '');
    if (mark === ' ' && start === undefined) index++;
    else if (mark === '-') { start ??= index; removed.push(text); }
    else if (mark === '+') { start ??= index; added.push(text); }
  }
  return start === undefined ? undefined : { start, removed, added };
}

/**
 * `text` with the repair applied, keeping its line ends, or undefined when its lines are no
 * longer the ones the repair replaces (the file changed since it was located).
 */
export function repairedText(text: string, edit: RepairEdit): string | undefined {
  const eol = text.includes('\r\n') ? '\r\n' : '\n';
  const lines = text.split('\n');
  const bare = (line: string) => line.replace(/\r$/, '');
  const removedEnd = edit.start + edit.removed.length;
  if (removedEnd > lines.length) return undefined;
  if (edit.removed.some((line, i) => bare(lines[edit.start + i]) !== line)) return undefined;
  const ending = eol === '\r\n' ? '\r' : '';
  const last = removedEnd === lines.length; // the file's last line has no line end
  const added = edit.added.map((line, i) => (last && i === edit.added.length - 1 ? line : line + ending));
  return [...lines.slice(0, edit.start), ...added, ...lines.slice(removedEnd)].join('\n');
}
