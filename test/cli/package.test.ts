/** `deck-sim package`: the Kattis / ICPC problem package of a set of decks, and its input validator. */
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, test } from 'node:test';
import { CIRNO, MAHJONG } from '../../server/src/core/gameRegistry';
import { PACKAGE_FILE_NAME } from '../../server/src/core/problemPackage';
import { conformanceCases, repoRoot, sharedDir, sharedSkip } from '../helpers';
import { cli, tempDir } from './harness';

const mahjongDir = join(sharedDir, 'conformance', 'mahjong');
const cirnoDir = join(sharedDir, 'conformance', 'cirno');
const version = (JSON.parse(readFileSync(join(repoRoot, 'package.json'), 'utf8')) as { version: string }).version;

/** Every file under a folder, relative and sorted. */
function tree(dir: string): string[] {
  const files: string[] = [];
  const walk = (at: string) => {
    for (const name of readdirSync(at)) {
      const path = join(at, name);
      if (statSync(path).isDirectory()) walk(path);
      else files.push(relative(dir, path));
    }
  };
  walk(dir);
  return files.sort();
}

/** The validator's answer to a UTF-8 byte order mark, which a TextDecoder would silently strip. */
const BOM_MESSAGE = 'line 1, column 1: The file starts with a byte order mark (U+FEFF).\n';

/** Runs a package's validator on an input: its exit status and what it said. */
function validate(packageDir: string, input: string | Buffer): { status: number | null; stderr: string } {
  const run = spawnSync(process.execPath, [join(packageDir, 'input_validators', 'deck', 'validate.js')], { input });
  return { status: run.status, stderr: run.stderr.toString() };
}

/** Legacy problem.yaml as key → value (the package writes one `key: value` a line, comments first). */
function yamlKeys(text: string): Record<string, string> {
  const keys: Record<string, string> = {};
  for (const line of text.split('\n')) {
    const match = /^([a-z_]+): (.*)$/.exec(line);
    if (match) keys[match[1]] = match[2].startsWith('"') ? (JSON.parse(match[2]) as string) : match[2];
  }
  return keys;
}

describe('package', { skip: sharedSkip }, () => {
  const official = conformanceCases('mahjong');
  let packageDir = '';
  const officialPackage = async () => {
    if (packageDir) return packageDir;
    const dir = join(tempDir(), 'mahjong');
    const run = await cli(['package', '--out', dir, '--name', 'Mahjong Simulator', '--source', 'THUPC 2021',
      '--sample', join(mahjongDir, 'official-01.in'), mahjongDir]);
    assert.deepEqual([run.status, run.stdout], [0, '']);
    assert.equal(run.stderr, `${dir}: 1 sample and 49 secret test cases of Mahjong\n`);
    return (packageDir = dir);
  };

  test('the official cases: the layout of the format, each .in and .ans the official one', async () => {
    const dir = await officialPackage();
    const names = official.map((c) => c.name);
    assert.deepEqual(tree(dir), [
      'data/sample/official-01.ans', 'data/sample/official-01.in',
      ...names.slice(1).flatMap((name) => [`data/secret/${name}.ans`, `data/secret/${name}.in`]),
      'input_validators/deck/validate.js', 'problem.yaml',
    ].sort());
    for (const file of tree(dir)) {
      for (const part of file.split('/')) assert.match(part, PACKAGE_FILE_NAME);
    }
    for (const { name, input, expected } of official) {
      const folder = name === 'official-01' ? 'sample' : 'secret';
      assert.equal(readFileSync(join(dir, 'data', folder, `${name}.in`), 'utf8'), input, name);
      assert.equal(readFileSync(join(dir, 'data', folder, `${name}.ans`), 'utf8'), expected, name);
    }
  });

  test('problem.yaml names deck-sim first and holds the keys the format requires', async () => {
    const text = readFileSync(join(await officialPackage(), 'problem.yaml'), 'utf8');
    assert.equal(text.split('\n')[0], `# Written by deck-sim ${version}: test data made and checked by its simulator.`);
    assert.deepEqual(yamlKeys(text), {
      name: 'Mahjong Simulator', source: 'THUPC 2021', license: 'unknown', validation: 'default',
      validator_flags: 'case_sensitive',
    });
    // The judge's memory limit, deck-sim's default unless --memory-limit says another.
    assert.match(text, /\nlimits:\n {2}memory: 1024\n$/);
  });

  test('the validator accepts every official case and generated deck (exit 42)', async () => {
    const dir = await officialPackage();
    for (const { name, input } of official) assert.deepEqual(validate(dir, input), { status: 42, stderr: '' }, name);
    for (let seed = 1; seed <= 10; seed++) {
      const input = MAHJONG.judgeInput(MAHJONG.analyze(MAHJONG.newDeckText(seed)))!;
      assert.deepEqual(validate(dir, input), { status: 42, stderr: '' });
    }
  });

  test('the validator rejects broken decks (exit 43) with the first problem', async () => {
    const dir = await officialPackage();
    const input = official[1].input;
    const lines = input.split('\n');
    const broken: [string | Buffer, string][] = [
      [input.replace(/\n/g, '\r\n'), 'line 1, column 3: A line ends with CR: judge input lines end with \\n alone.\n'],
      ['# seed 1\n' + input, 'line 1, column 1: A comment: judge input has none.\n'],
      [input.slice(0, -1), 'line 148, column 1: The file does not end with a newline.\n'],
      [lines.slice(1).join('\n'), 'line 148, column 1: The deck has 147 tiles, 1 short of 148. '
        + `Missing: ${lines[0]} ×1.\n`],
      [Buffer.from([0xff, 0xfe, 0x41, 0x0a]), 'the input is not valid UTF-8\n'],
      ['', `line 1, column 1: ${MAHJONG.analyze('').problems[0].message}\n`],
      // At the start, not at the end of the blank lines (line 1001), and saying what is missing.
      ['\n'.repeat(1000), 'line 1, column 1: The deck holds no tiles at all: a Mahjong deck lists 148 tiles, '
        + 'one per line, top first.\n'],
      ['\uFEFF' + input, BOM_MESSAGE],
    ];
    for (const [text, message] of broken) assert.deepEqual(validate(dir, text), { status: 43, stderr: message });
  });

  test('the two ⑨ samples as a package; the validator knows the game and its playing checks', async () => {
    const dir = join(tempDir(), 'cirno');
    const run = await cli(['package', '--out', dir, '--format', 'cirnodeck', '--memory-limit', '256', cirnoDir]);
    assert.equal(run.status, 0, run.stderr);
    // The judge's memory limit as --memory-limit gave it.
    assert.match(readFileSync(join(dir, 'problem.yaml'), 'utf8'), /\nlimits:\n {2}memory: 256\n$/);
    assert.deepEqual(tree(dir), ['data/secret/sample-1.ans', 'data/secret/sample-1.in', 'data/secret/sample-2.ans',
      'data/secret/sample-2.in', 'input_validators/deck/validate.js', 'problem.yaml']);
    assert.equal(yamlKeys(readFileSync(join(dir, 'problem.yaml'), 'utf8')).name, 'cirno');
    for (const { name, input, expected } of conformanceCases('cirno')) {
      assert.equal(readFileSync(join(dir, 'data', 'secret', `${name}.ans`), 'utf8'), expected);
      assert.deepEqual(validate(dir, input), { status: 42, stderr: '' }, name);
    }
    const short = '1 1 1\nCirno A1 A1 A1\nA1\n';
    const { message, range } = CIRNO.analyze(short).problems.find((p) => p.severity === 'error')!;
    assert.deepEqual(validate(dir, short),
      { status: 43, stderr: `line ${range.start.line + 1}, column ${range.start.character + 1}: ${message}\n` });
    assert.equal(validate(dir, official[0].input).status, 43);
    assert.deepEqual(validate(dir, '\uFEFF' + conformanceCases('cirno')[0].input), { status: 43, stderr: BOM_MESSAGE });
  });

  test('a deck with errors is refused with its problems, and nothing is written', async () => {
    const dir = tempDir();
    const decks = join(dir, 'decks');
    mkdirSync(decks);
    writeFileSync(join(decks, 'good.mjdeck'), official[0].input);
    writeFileSync(join(decks, 'bad.mjdeck'), official[0].input.replace(/^\S+/, '5Q'));
    const out = join(dir, 'pkg');
    const run = await cli(['package', '--out', out, decks]);
    assert.equal(run.status, 1);
    const bad = join(decks, 'bad.mjdeck');
    assert.equal(run.stderr, `${bad}:1:1: error: Unknown tile '5Q'. Did you mean 5M, 5P, 5S?\n`
      + `${bad}:149:1: error: Missing: ${official[0].input.split('\n')[0]} ×1.\n`
      + 'deck-sim: nothing written: 1 deck cannot go into a package\n');
    assert.equal(existsSync(out), false);
  });

  test('one-character deck names (1.in … 9.in) are test cases; a name the format forbids is refused', async () => {
    const dir = tempDir();
    const decks = join(dir, 'decks');
    mkdirSync(decks);
    for (const name of ['1', '9']) writeFileSync(join(decks, `${name}.mjdeck`), official[0].input);
    const out = join(dir, 'pkg');
    const run = await cli(['package', '--out', out, decks]);
    assert.deepEqual([run.status, run.stderr], [0, `${out}: 0 sample and 2 secret test cases of Mahjong\n`]);
    assert.deepEqual(tree(out).filter((f) => f.startsWith('data/')),
      ['data/secret/1.ans', 'data/secret/1.in', 'data/secret/9.ans', 'data/secret/9.in']);
    writeFileSync(join(decks, '_.mjdeck'), official[0].input);
    const refused = await cli(['package', '--out', join(dir, 'other'), decks]);
    assert.equal(refused.status, 1);
    assert.equal(refused.stderr, `deck-sim: '${join(decks, '_.mjdeck')}': '_' is not a file name a package allows: `
      + 'letters, digits, _ . - (not first or last)\ndeck-sim: nothing written: 1 deck cannot go into a package\n');
  });

  test('a non-empty folder is refused unless --force, which keeps the files the package does not write', async () => {
    const out = tempDir();
    writeFileSync(join(out, 'problem.yaml'), 'mine\n');
    mkdirSync(join(out, 'problem_statement'));
    writeFileSync(join(out, 'problem_statement', 'problem.en.tex'), 'statement\n');
    const deck = join(mahjongDir, 'official-02.in');
    const refused = await cli(['package', '--out', out, deck]);
    assert.equal(refused.status, 1);
    assert.equal(refused.stderr, `deck-sim: '${out}' is not empty: give --force to replace the package's files `
      + 'in it (its other files are kept)\n');
    assert.equal(readFileSync(join(out, 'problem.yaml'), 'utf8'), 'mine\n');
    const forced = await cli(['package', '--out', out, '--force', deck]);
    assert.equal(forced.status, 0, forced.stderr);
    assert.deepEqual(tree(out), ['data/secret/official-02.ans', 'data/secret/official-02.in',
      'input_validators/deck/validate.js', 'problem.yaml', 'problem_statement/problem.en.tex']);
  });

  test('submissions are copied; .desc files beside the decks go with them', async () => {
    const dir = tempDir();
    const decks = join(dir, 'decks');
    mkdirSync(decks);
    writeFileSync(join(decks, 'claim.in'), official[2].input);
    writeFileSync(join(decks, 'claim.desc'), 'catches: no-self-pong\n');
    const good = join(dir, 'good.cpp');
    const bad = join(dir, 'bad.py');
    writeFileSync(good, 'int main() {}\n');
    writeFileSync(bad, 'print()\n');
    const out = join(dir, 'pkg');
    const run = await cli(['package', '--out', out, '--solution', good, '--wrong', bad, '--license', 'cc by', decks]);
    // Each is judged on the package's deck: an accepted program printing nothing is not accepted.
    assert.equal(run.status, 1, run.stderr);
    assert.deepEqual(run.stderr.split('\n').slice(1), [
      'deck-sim: submissions/accepted/good.cpp must pass every deck, but gets WA on 1 deck (first: data/secret/claim)',
      'submissions/wrong_answer/bad.py: WA on 1 deck',
      '',
    ]);
    assert.equal(readFileSync(join(out, 'data', 'secret', 'claim.desc'), 'utf8'), 'catches: no-self-pong\n');
    assert.equal(readFileSync(join(out, 'submissions', 'accepted', 'good.cpp'), 'utf8'), 'int main() {}\n');
    assert.equal(readFileSync(join(out, 'submissions', 'wrong_answer', 'bad.py'), 'utf8'), 'print()\n');
    assert.equal(yamlKeys(readFileSync(join(out, 'problem.yaml'), 'utf8')).license, 'cc by');
  });

  test('each submission judged on every deck as its folder expects; failing only by TLE is a warning', async () => {
    const dir = tempDir();
    const reference = readFileSync(join(sharedDir, 'references', 'mahjong_std.cpp'), 'utf8');
    const sources: Record<string, string> = {
      'ref.cpp': reference,
      // REVERSE does not turn the play round.
      'mutant.cpp': reference.replace('fx *= -1', 'fx *= 1'),
      'loops.py': 'import sys\nsys.stdin.read()\nwhile True:\n    pass\n',
      'same.cpp': reference,
      'Main.java': 'class Main {}\n',
    };
    for (const [name, text] of Object.entries(sources)) writeFileSync(join(dir, name), text);
    assert.notEqual(sources['mutant.cpp'], reference);
    const decks = ['01', '02', '03', '04', '05'].map((n) => join(mahjongDir, `official-${n}.in`));
    const out = join(dir, 'pkg');
    const wrong = ['mutant.cpp', 'loops.py', 'same.cpp', 'Main.java'].flatMap((name) => ['--wrong', join(dir, name)]);
    const run = await cli(['package', '--out', out, '--time-limit', '3000', '--solution', join(dir, 'ref.cpp'),
      ...wrong, ...decks]);
    assert.equal(run.status, 1, run.stderr);
    assert.deepEqual(run.stderr.split('\n').slice(1), [
      'submissions/accepted/ref.cpp: AC on all 5 decks',
      'submissions/wrong_answer/mutant.cpp: WA on 5 decks',
      'deck-sim: warning: submissions/wrong_answer/loops.py never gets WA, only TLE on 5 decks: a judge expects a '
        + 'wrong_answer submission to get WA (time_limit_exceeded or run_time_error may be its folder)',
      'deck-sim: submissions/wrong_answer/same.cpp must fail a deck, but passes all 5 decks',
      'submissions/wrong_answer/Main.java: not run: deck-sim runs C, C++ and Python (by the ending)',
      '',
    ]);
    assert.deepEqual(tree(join(out, 'submissions')), ['accepted/ref.cpp', 'wrong_answer/Main.java',
      'wrong_answer/loops.py', 'wrong_answer/mutant.cpp', 'wrong_answer/same.cpp']);
  });

  test('usage errors: no --out, an unknown license, two games, a missing submission', async () => {
    const deck = join(mahjongDir, 'official-02.in');
    const out = join(tempDir(), 'pkg');
    const errors: [string[], string][] = [
      [[deck], '--out DIR is required: the folder to write the package into'],
      [['--out', out, '--license', 'mit', deck], "unknown license 'mit': use one of 'unknown', 'public domain', "
        + "'cc0', 'cc by', 'cc by-sa', 'educational', 'permission'"],
      [['--out', out, deck, join(cirnoDir, 'sample-1.in').replace(/\.in$/, '.cirnodeck')],
        'a package holds decks of one game: these are mjdeck and cirnodeck'],
      [['--out', out, '--solution', join(out, 'nothing.cpp'), deck],
        `'${join(out, 'nothing.cpp')}' is not a file: --solution and --wrong take source files`],
    ];
    for (const [args, message] of errors) {
      const run = await cli(['package', ...args]);
      assert.equal(run.status, 2);
      assert.equal(run.stderr.split('\n')[0], `deck-sim: ${message}`);
    }
    assert.equal(existsSync(out), false);
  });
});
