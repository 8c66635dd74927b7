/**
 * Writes server/src/core/mahjong/groupTables.generated.ts: the table of every group content a
 * hand can hold (405,350 suit contents, 43,130 honour contents), computed here once so that the
 * engine starts with no computation. Run: npm run generate
 *
 * Only about a hundred distinct tables occur per group, so each is written once, with a code.
 * A content splits into its low ranks and its high ranks (see groupKeys.ts). Low parts that
 * lead to the same table for every high part that fits beside them (at most 14 tiles in all)
 * share a row class, high parts likewise a column class, so the codes form a small matrix
 * (110 x 1005 for a suit) instead of one code per content. Everything is written as ASCII
 * characters in plain string literals continued over lines: the form V8 loads fastest.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  DATA_OFFSET, KEY_BASE, LOW_KEYS, LOW_RANKS, MAX_GROUP_TILES,
} from '../server/src/core/mahjong/groupKeys';
import { honourTable, suitTable } from './group-table-dp';

export const TABLES_MODULE = 'server/src/core/mahjong/groupTables.generated.ts';
/** Character codes 0..127 carry the data. */
const CODES = 128;
const WILDCARD = -1;

/**
 * How value `value` (0..127) is written in a single-quoted string literal: as the character
 * (value + 32) mod 128, so that small values, the frequent ones, are printable (read back with
 * DATA_OFFSET in groupKeys.ts).
 */
function written(value: number): string {
  const code = (value + CODES - DATA_OFFSET) % CODES;
  const char = String.fromCharCode(code);
  if (char === "'" || char === '\\') return `\\${char}`;
  if (code < 0x20 || code === 0x7f) return `\\x${code.toString(16).padStart(2, '0')}`;
  return char;
}

/** A string literal of these values, continued over lines of at most 100 characters. */
function stringLiteral(name: string, codes: readonly number[]): string[] {
  const lines = [`export const ${name} = '\\`];
  let line = '';
  for (const code of codes) {
    const char = written(code);
    if (line.length + char.length > 99) {
      lines.push(`${line}\\`);
      line = '';
    }
    line += char;
  }
  lines.push(`${line}';`);
  return lines;
}

/**
 * Merges the rows of a matrix whose defined cells agree (WILDCARD cells agree with anything),
 * first fit, fullest rows first, equal rows at once. Returns the merged rows and each row's class.
 */
function mergeRows(matrix: readonly number[][]): { merged: number[][]; classOf: number[] } {
  const filled = matrix.map((row) => row.filter((cell) => cell !== WILDCARD).length);
  const order = matrix.map((_, i) => i).sort((a, b) => filled[b] - filled[a] || a - b);
  const merged: number[][] = [];
  const classOf = new Array<number>(matrix.length);
  const classOfRow = new Map<string, number>();
  for (const i of order) {
    const row = matrix[i];
    const text = row.join(',');
    let into = classOfRow.get(text) ?? -1;
    for (let m = 0; into < 0 && m < merged.length; m++) {
      const candidate = merged[m];
      let fits = true;
      for (let j = 0; fits && j < row.length; j++) {
        fits = row[j] === WILDCARD || candidate[j] === WILDCARD || candidate[j] === row[j];
      }
      if (fits) into = m;
    }
    if (into < 0) into = merged.push([...row]) - 1;
    else row.forEach((cell, j) => { if (cell !== WILDCARD) merged[into][j] = cell; });
    classOfRow.set(text, into);
    classOf[i] = into;
  }
  return { merged, classOf };
}

const transpose = (matrix: readonly number[][]) => matrix[0].map((_, j) => matrix.map((row) => row[j]));

function groupSource(name: string, ranks: number, tableOf: (counts: number[]) => Int8Array): string[] {
  const highKeys = KEY_BASE ** (ranks - LOW_RANKS);
  // Every content's table (as a number: 10 entries of 4 bits), and the distinct tables
  // numbered from the most frequent.
  const tables: number[][] = [];
  const distinctTables = new Map<number, { text: string; count: number }>();
  const counts = new Array<number>(ranks);
  for (let low = 0; low < LOW_KEYS; low++) {
    tables.push([]);
    for (let high = 0; high < highKeys; high++) {
      let key = low + high * LOW_KEYS;
      let tiles = 0;
      for (let rank = 0; rank < ranks; rank++, key = Math.floor(key / KEY_BASE)) {
        counts[rank] = key % KEY_BASE;
        tiles += counts[rank];
      }
      if (tiles > MAX_GROUP_TILES) {
        tables[low].push(WILDCARD);
        continue;
      }
      const table = tableOf(counts);
      const id = table.reduceRight((sum, entry) => sum * 16 + entry, 0);
      tables[low].push(id);
      const seen = distinctTables.get(id);
      if (seen) seen.count++;
      else distinctTables.set(id, { text: table.join(', '), count: 1 });
    }
  }
  const distinct = [...distinctTables.entries()]
    .sort(([, a], [, b]) => b.count - a.count || (a.text < b.text ? -1 : 1))
    .map(([id, { text }]) => ({ id, text }));
  const codeOf = new Map(distinct.map(({ id }, code) => [id, code]));
  const codes = tables.map((row) => row.map((id) => (id === WILDCARD ? WILDCARD : codeOf.get(id)!)));

  const rows = mergeRows(codes);
  const columns = mergeRows(transpose(rows.merged));
  const cells = transpose(columns.merged).flat().map((code) => (code === WILDCARD ? 0 : code));
  const width = columns.merged.length;
  // Every content a hand can hold must find its own table.
  codes.forEach((row, low) => row.forEach((code, high) => {
    const cell = cells[rows.classOf[low] * width + columns.classOf[high]];
    if (code !== WILDCARD && cell !== code) throw new Error(`${name}: ${low}, ${high} lost its table`);
  }));
  if (distinct.length > CODES || rows.merged.length > CODES || width > CODES * CODES) {
    throw new Error(`${name}: ${distinct.length} tables, ${rows.merged.length} x ${width} classes do not fit`);
  }
  const label = name.toLowerCase();
  return [
    '',
    `/** Each distinct ${label} table (see tableShape.ts), in the order of their codes. */`,
    `export const ${name}_TABLES: readonly (readonly number[])[] = [`,
    ...distinct.map(({ text }) => `  [${text}],`),
    '];',
    `/** Column classes: ${width}. */`,
    `export const ${name}_WIDTH = ${width};`,
    `/** Per content of the ${LOW_RANKS} low ranks: its row class, one character. */`,
    ...stringLiteral(`${name}_ROWS`, rows.classOf),
    `/** Per content of the high ranks: its column class, two characters (high then low seven bits). */`,
    ...stringLiteral(`${name}_COLUMNS`, columns.classOf.flatMap((c) => [c >> 7, c & (CODES - 1)])),
    `/** The table code at row class * ${name}_WIDTH + column class. */`,
    ...stringLiteral(`${name}_CELLS`, cells),
  ];
}

/** The text of the generated module: a pure function, so a test can compare it with the file. */
export function tablesModuleSource(): string {
  return [
    '// Generated by scripts/generate-tables.ts (npm run generate): do not edit by hand.',
    ...groupSource('SUIT', 9, suitTable),
    ...groupSource('HONOUR', 7, honourTable),
    '',
  ].join('\n');
}

if (require.main === module) {
  // Compiled to out/scripts/: the repository root is two levels up.
  writeFileSync(join(__dirname, '..', '..', TABLES_MODULE), tablesModuleSource());
}
