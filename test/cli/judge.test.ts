/** `deck-sim judge`, `diff` and `explain` with small solutions written for the test. */
import assert from 'node:assert/strict';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, test } from 'node:test';
import { analyze } from '../../server/src/cli/gameFormats';
import { TILE_NAMES } from '../../server/src/core/mahjong';
import { conformanceCases, sharedDir, sharedSkip } from '../helpers';
import { cli, gone, solution, tempDir } from './harness';

const mahjong = conformanceCases('mahjong');
const cirno = conformanceCases('cirno');
const official01 = join(sharedDir, 'conformance', 'mahjong', 'official-01.in');
const TIME_LIMIT = 2000;
// Other runs get all the time a loaded machine may need: only the sleeping solution is about time.
const PATIENT = ['--time-limit', '60000'];

/** The JSON Lines of a run, without the run times (they vary). */
function records(stdout: string): Record<string, unknown>[] {
  return stdout.split('\n').filter(Boolean).map((line) => {
    const { ms, ...rest } = JSON.parse(line) as Record<string, unknown>;
    // An invalid deck is not run, so it has no run time.
    assert.equal(typeof ms, rest.verdict === 'INVALID' ? 'undefined' : 'number');
    return rest;
  });
}

describe('judge', { skip: sharedSkip }, () => {
  test('a correct solution is AC on Mahjong and Cirno decks, a folder included', async () => {
    const dir = tempDir();
    writeFileSync(join(dir, 'one.cirnodeck'), cirno[0].input);
    writeFileSync(join(dir, 'two.cirnodeck'), cirno[1].input);
    const mj = await cli(['judge', ...PATIENT, '--solution', solution('correct', 'mjdeck'), official01]);
    assert.equal(mj.status, 0);
    assert.match(mj.stdout, new RegExp(`^${official01}: AC \\d+ ms\n1 passed, 0 failed\n$`));
    const cn = await cli(['judge', ...PATIENT, '--json', '--solution', solution('correct', 'cirnodeck'), dir]);
    assert.deepEqual([cn.status, records(cn.stdout), cn.stderr], [0, [
      { deck: join(dir, 'one.cirnodeck'), verdict: 'AC' }, { deck: join(dir, 'two.cirnodeck'), verdict: 'AC' },
    ], '2 passed, 0 failed\n']);
  });

  test('never claims: WA at the first PONG, with its deck line and the state before it', async () => {
    const neverClaims = solution('neverClaims', 'mjdeck');
    const result = await cli(['judge', ...PATIENT, '--json', '--solution', neverClaims, official01]);
    assert.equal(result.status, 1);
    assert.deepEqual(records(result.stdout), [{
      deck: official01, verdict: 'WA', line: 59, expected: 'A PONG Z Z Z', actual: 'DRAW', likely: [], deckLine: 54,
      state: [
        'wall: 93 tiles left, direction A→B→C→D',
        'A: hand 3M 3M 6M 7M 8M 3P 9P 2S 3S N N Z Z',
        'B: hand 2M 1P 2P 4P 5P 7P 8P 4S 9S 9S 9S F Z',
        'C: hand 3M 4M 5M 7M 9M 5P 5P 6P 3S 3S 6S E N',
        'D: hand 6M 8M 3P 5P 8P 9P 2S 5S 5S 8S E S W',
      ],
      // A claim decides nothing of its own: the pong was checked at the discard (line 58).
      explanation: { line: 59, text: 'A PONG Z Z Z' },
      why: [],
    }]);
    assert.equal(result.stderr, '0 passed, 1 failed\n');
  });

  test('ignores the 4-copy cap: WA at the first discard that cap decides, AC where it decides none', async () => {
    // A is dealt E E E E S S S W W W N N N and draws Z. With the cap, keeping all four E cannot
    // help (E E E plus a pair of E needs a fifth), so only discarding E leaves distance 1; without
    // it, discarding Z ties and comes first in the discard order.
    const hand = ['E', 'E', 'E', 'E', 'S', 'S', 'S', 'W', 'W', 'W', 'N', 'N', 'N'];
    const rest = TILE_NAMES.flatMap((name) => [name, name, name, name]);
    for (const name of [...hand, 'Z']) rest.splice(rest.indexOf(name), 1);
    const tiles = [...Array(52).keys()].map((i) => (i % 4 === 0 ? hand[i / 4] : rest.shift()!));
    const deck = join(tempDir(), 'copies.mjdeck');
    writeFileSync(deck, [...tiles, 'Z', ...rest].join('\n') + '\n');
    const ignoresCap = solution('ignoresCopyCap', 'mjdeck');
    const result = await cli(['judge', ...PATIENT, '--json', '--solution', ignoresCap, deck, official01]);
    assert.equal(result.status, 1);
    assert.deepEqual(records(result.stdout).map(({ deck: file, verdict, line, expected, actual, deckLine }) => (
      { file, verdict, line, expected, actual, deckLine })), [
      // The E discarded is the last one dealt, on deck line 13.
      { file: deck, verdict: 'WA', line: 54, expected: 'A OUT E', actual: 'A OUT Z', deckLine: 13 },
      { file: official01, verdict: 'AC', line: undefined, expected: undefined, actual: undefined, deckLine: undefined },
    ]);
  });

  test('wrong tie-break: WA at the first tied discard, as a report', async () => {
    const result = await cli(['judge', ...PATIENT, '--solution', solution('wrongTieBreak', 'mjdeck'), official01]);
    assert.equal(result.status, 1);
    assert.equal(result.stdout.replace(/ WA \d+ ms/, ' WA N ms'), [
      `${official01}: WA N ms, first difference at line 58`,
      '  expected: C OUT Z',
      '  actual:   C OUT 5P',
      '  deck line 54: Z',
      '  before line 58:',
      '    wall: 93 tiles left, direction A→B→C→D',
      '    A: hand 3M 3M 6M 7M 8M 3P 9P 2S 3S N N Z Z',
      '    B: hand 2M 1P 2P 4P 5P 7P 8P 4S 9S 9S 9S F Z',
      '    C: hand 3M 4M 5M 7M 9M 5P 5P 6P 3S 3S 6S E N Z',
      '    D: hand 6M 8M 3P 5P 8P 9P 2S 5S 5S 8S E S W',
      '  why:',
      '    Discarded by C: every choice leaves distance 4 or 5; 5P, 6P, 6S, E, N and Z leave 4; '
        + 'Z comes first in the discard order (Z F B N W S E 9S … 1M).',
      '      Discard  Distance after',
      ...['3M', '4M', '5M', '7M', '9M'].map((tile) => `      ${tile}       5`),
      '      5P       4',
      '      6P       4',
      '      3S       5',
      '      6S       4',
      '      E        4',
      '      N        4',
      '    * Z        4',
      "    A's pong Z Z Z: distance 3 → 2, taken",
      '0 passed, 1 failed',
      '',
    ].join('\n'));
  });

  test('sleeps: TLE at the limit, and the process it started is gone too', async () => {
    const pidFile = join(tempDir(), 'pid');
    const result = await cli(['judge', '--json', '--time-limit', String(TIME_LIMIT), '--solution',
      solution('misbehaving', 'fork', pidFile), official01]);
    assert.equal(result.status, 1);
    const [record] = result.stdout.split('\n').filter(Boolean).map((line) => JSON.parse(line));
    assert.equal(record.verdict, 'TLE');
    assert.equal(record.detail, `stopped at the time limit of ${TIME_LIMIT} ms`);
    // Stopped at the limit, never before it; how long after is the machine's load, not behaviour.
    assert.ok(record.ms >= TIME_LIMIT, `${record.ms} ms`);
    const pid = Number(readFileSync(pidFile, 'utf8'));
    assert.equal(await gone(pid), true, `process ${pid} survived`);
  });

  test('crashes: RE with the exit status and the last stderr lines', async () => {
    const result = await cli(['judge', ...PATIENT, '--solution', solution('misbehaving', 'crash'), official01]);
    assert.equal(result.status, 1);
    assert.equal(result.stdout.replace(/ RE \d+ ms/, ' RE N ms'),
      `${official01}: RE N ms, exit status 3\n  | reading the deck\n  | TypeError: tiles is undefined\n`
      + '0 passed, 1 failed\n');
  });

  test('floods: OLE past 16 MB', async () => {
    const floods = solution('misbehaving', 'flood');
    const flood = await cli(['judge', ...PATIENT, '--json', '--solution', floods, official01]);
    assert.deepEqual(records(flood.stdout), [
      { deck: official01, verdict: 'OLE', detail: 'stopped after more than 16 MB of output' },
    ]);
  });

  test('a program that cannot start: one usage error before any deck, not an RE per deck', async () => {
    const dir = tempDir();
    const notExecutable = join(dir, 'solver');
    writeFileSync(notExecutable, '#!/bin/sh\n', { mode: 0o644 });
    for (const [command, why] of [
      ['/nonexistent/solver --fast', "cannot run '/nonexistent/solver': no such file"],
      [notExecutable, `cannot run '${notExecutable}': not executable`],
      [dir, `cannot run '${dir}': it is a folder`],
      ['deck-sim-no-such-program x', "cannot run 'deck-sim-no-such-program': not found in PATH"],
    ]) {
      const result = await cli(['judge', '--solution', command, official01, official01]);
      assert.deepEqual([result.status, result.stdout, result.stderr.split('\n')[0]], [2, '', `deck-sim: ${why}`]);
    }
  });

  test('control characters a solution prints are shown escaped, not sent to the terminal', async () => {
    const wrong = await cli(['judge', ...PATIENT, '--solution', solution('misbehaving', 'terminal', '0'), official01]);
    assert.deepEqual(wrong.stdout.split('\n').slice(1, 3), [
      '  expected: A IN 8M',
      '  actual:   \\x1b]52;c;aGk=\\x07\\x1b[2J\\u009b\\u202eA IN 8M\\\\',
    ]);
    const crash = await cli(['judge', ...PATIENT, '--solution', solution('misbehaving', 'terminal', '4'), official01]);
    assert.equal(crash.stdout.replace(/ RE \d+ ms/, ' RE N ms'),
      `${official01}: RE N ms, exit status 4\n  | \\x1b[31mred\\tline\n0 passed, 1 failed\n`);
    // JSON escapes them itself: the text is kept as it was.
    const json = await cli(['judge', ...PATIENT, '--json', '--solution', solution('misbehaving', 'terminal', '4'),
      official01]);
    assert.deepEqual(JSON.parse(json.stdout).stderr, ['\x1b[31mred\tline']);
  });

  test('verdicts keep input order; an invalid deck is not run; the summary counts every deck', async () => {
    const dir = tempDir();
    const bad = join(dir, 'bad.mjdeck');
    writeFileSync(bad, 'XX\n');
    const neverClaims = solution('neverClaims', 'mjdeck');
    const result = await cli(['judge', ...PATIENT, '--json', '--jobs', '3', '--solution', neverClaims,
      official01, bad, join(sharedDir, 'conformance', 'mahjong', 'official-05.in')]);
    assert.equal(result.status, 1);
    assert.deepEqual(records(result.stdout).map((r) => [r.deck, r.verdict]), [
      [official01, 'WA'], [bad, 'INVALID'], [join(sharedDir, 'conformance', 'mahjong', 'official-05.in'), 'WA'],
    ]);
    assert.match(result.stderr, new RegExp(`^${bad}:1:1: error: Unknown tile 'XX'.*\n(.*\n)*0 passed, 3 failed\n$`));
  });

  test('usage errors', async () => {
    for (const [args, message] of [
      [['judge', official01], '--solution CMD is required: the command that runs your solution'],
      [['judge', '--solution', '  ', official01], '--solution is empty: give the command that runs your solution'],
      [['judge', '--solution', "node 'x", official01], "unterminated ' in --solution: node 'x"],
      [['judge', '--solution', 'x', '--time-limit', '0', official01],
        "--time-limit must be a whole number from 1 to 3600000, not '0'"],
    ] as const) {
      const result = await cli([...args]);
      assert.equal(result.status, 2);
      assert.equal(result.stderr.split('\n')[0], `deck-sim: ${message}`);
    }
  });
});

/** How a run past the memory limit ends: stopped by the sampler, or its allocation failed at the backstop. */
const STOPPED_OR_FAILED = (mb: number) => [
  `stopped at the memory limit of ${mb} MB`, `an allocation failed (memory limit ${mb} MB)`,
];

describe('the memory limit', { skip: sharedSkip }, () => {
  const hogs = (what: string, ...limit: string[]) => cli(['judge', ...PATIENT, '--json', ...limit, '--solution',
    solution('misbehaving', what), official01]);

  test('3 GB allocated in blocks it writes: MLE at --memory-limit 256, in JSON and as text', async () => {
    const result = await hogs('hog', '--memory-limit', '256');
    assert.equal(result.status, 1);
    const [record] = records(result.stdout);
    assert.equal(record.verdict, 'MLE');
    assert.ok(STOPPED_OR_FAILED(256).includes(record.detail as string), String(record.detail));
    const text = await cli(['judge', ...PATIENT, '--memory-limit', '256', '--solution', solution('misbehaving', 'hog'),
      official01]);
    assert.match(text.stdout, new RegExp(`^${official01}: MLE \\d+ ms, (stopped at|an allocation failed)`));
    assert.match(text.stdout, /\n0 passed, 1 failed\n$/);
  });

  test('the limit holds for the processes a solution starts', async () => {
    const result = await hogs('hogChild', '--memory-limit', '256');
    const [record] = records(result.stdout);
    assert.equal(record.verdict, 'MLE');
    assert.ok(STOPPED_OR_FAILED(256).includes(record.detail as string), String(record.detail));
  });

  test('without --memory-limit the default of 1024 MB holds: 3 GB at once fails to allocate', async () => {
    const result = await hogs('hogAtOnce');
    const [record] = records(result.stdout);
    assert.deepEqual([record.verdict, record.detail], ['MLE', 'an allocation failed (memory limit 1024 MB)']);
    assert.match((record.stderr as string[]).join('\n'), /RangeError: Array buffer allocation failed/);
  });

  test('a solution within the limit is judged as before: AC at 256 MB', async () => {
    const result = await cli(['judge', ...PATIENT, '--memory-limit', '256', '--solution', solution('correct', 'mjdeck'),
      official01]);
    assert.equal(result.status, 0, result.stdout);
  });

  test('--memory-limit is a whole number of MB from 1 to 1048576', async () => {
    for (const value of ['0', '1.5', '1048577', 'lots']) {
      const result = await cli(['judge', '--solution', 'x', '--memory-limit', value, official01]);
      assert.deepEqual([result.status, result.stderr.split('\n')[0]],
        [2, `deck-sim: --memory-limit must be a whole number from 1 to 1048576, not '${value}'`]);
    }
  });

  test('stress and audit take it too: MLE is the verdict that fails the deck', async () => {
    const hog = solution('misbehaving', 'hogAtOnce');
    const stress = await cli(['stress', ...PATIENT, '--memory-limit', '512', '--solution', hog, '--count', '1',
      '--seed', '1', '--shrink-runs', '0', '--out', join(tempDir(), 'cx.mjdeck')]);
    assert.equal(stress.status, 1);
    assert.match(stress.stdout, /^stress: deck 1 \(.*, seed 1\) fails: MLE\n/);
    const audit = await cli(['audit', '--json', ...PATIENT, '--memory-limit', '512', '--wrong', hog, official01]);
    assert.deepEqual(JSON.parse(audit.stdout).solutions,
      [{ command: hog, role: 'wrong', ok: true, verdicts: [{ deck: official01, verdict: 'MLE' }] }]);
  });
});

describe('the judge\'s input', { skip: sharedSkip }, () => {
  test('a Mahjong deck with comments, CRLF and lowercase becomes 148 plain lines', () => {
    const dressed = '# my deck\r\n' + mahjong[0].input.replace(/^8M$/m, '8m # lower').split('\n').join('\r\n\r\n');
    assert.equal(analyze('mjdeck', dressed).judgeInput(), mahjong[0].input);
  });

  test('a Cirno deck: header numbers, player lines and the pile on one line', () => {
    const dressed = '# game\n+2 01 10\nJoesSR b9 A99 PASS # first\n\nCirno C2 D2 A49\nE49\n'
      + 'DOUBLE PASS\tA19\nA49 A99 A99 A99 A99 A99\n';
    assert.equal(analyze('cirnodeck', dressed).judgeInput(),
      '2 1 10\nJoesSR B9 A99 PASS\nCirno C2 D2 A49\nE49 DOUBLE PASS A19 A49 A99 A99 A99 A99 A99\n');
  });
});

describe('diff and explain', { skip: sharedSkip }, () => {
  test('diff: AC forgives trailing spaces and the final newline; WA shows the Cirno state', async () => {
    const dir = tempDir();
    const deck = join(dir, 's1.cirnodeck');
    writeFileSync(deck, cirno[0].input);
    const ok = join(dir, 'ok.out');
    writeFileSync(ok, cirno[0].expected.replace(/\n/g, '  \n').trimEnd());
    assert.deepEqual(await cli(['diff', deck, ok]), { status: 0, stdout: `${deck}: AC\n`, stderr: '' });
    const wrong = join(dir, 'wrong.out');
    writeFileSync(wrong, cirno[0].expected.replace('p=49.', 'p=48.'));
    assert.deepEqual(await cli(['diff', deck, wrong]), {
      status: 1,
      stdout: [
        `${deck}: WA, first difference at line 3`,
        '  expected: Cirno used D2,now p=49.',
        '  actual:   Cirno used D2,now p=48.',
        '  deck line 3: D2',
        '  before line 3:',
        '    round 1, p = 99, Cirno to play, 9 pile cards left',
        '    JoesSR: B9 E49 PASS',
        '    Cirno: C2 D2 A49',
        '  why:',
        '    Played by Cirno at p = 99: the card giving the largest p that does not lose (ties: C, A, B, D, E).',
        '      Card  p after  Loses',
        '      C2    198      yes',
        '    * D2    49       no',
        '      A49   148      yes',
        '    Next: JoesSR plays next.',
        '',
      ].join('\n'),
      stderr: '',
    });
    assert.deepEqual(JSON.parse((await cli(['diff', '--json', deck, '-'], 'Round 1:\n')).stdout), {
      deck, verdict: 'WA', line: 2, expected: 'JoesSR used A99,now p=99.', actual: '', likely: [], deckLine: 2,
      state: ['round 1, p = 0, JoesSR to play, 10 pile cards left', 'JoesSR: B9 A99 PASS', 'Cirno: C2 D2 A49'],
      explanation: {
        line: 2, text: 'JoesSR used A99,now p=99.',
        play: {
          player: 'JoesSR', double: false, rule: 'max', chosen: 'A99',
          candidates: [{ card: 'B9', p: -9, loses: false }, { card: 'A99', p: 99, loses: false },
            { card: 'PASS', p: 0, loses: false }],
        },
      },
      why: [
        'Played by JoesSR at p = 0: the card giving the largest p that does not lose (ties: C, A, B, D, E).',
        '  Card  p after  Loses',
        '  B9    -9       no',
        '* A99   99       no',
        '  PASS  0        no',
        'Next: Cirno plays next.',
      ],
    });
  });

  test('an output that ends early, or goes on too long: said in words, not as an empty line', async () => {
    const dir = tempDir();
    const deck = join(dir, 's1.cirnodeck');
    writeFileSync(deck, cirno[0].input);
    const lines = cirno[0].expected.split('\n').slice(0, -1);
    const report = async (output: string) => {
      const file = join(dir, 'out');
      writeFileSync(file, output);
      return (await cli(['diff', deck, file])).stdout.split('\n').slice(0, 3);
    };
    assert.deepEqual(await report(lines.slice(0, 3).join('\n') + '\n\n'), [
      `${deck}: WA, first difference at line 4`,
      `  expected: ${lines[3]}`,
      '  actual:   your output ended after line 3',
    ]);
    assert.deepEqual(await report(''), [
      `${deck}: WA, first difference at line 1`, `  expected: ${lines[0]}`, '  actual:   your output is empty',
    ]);
    assert.deepEqual(await report([...lines, 'Round 9:'].join('\n')), [
      `${deck}: WA, first difference at line ${lines.length + 1}`,
      `  expected: the transcript ended after line ${lines.length}`,
      '  actual:   Round 9:',
    ]);
    // A line that is there but empty is still shown as itself.
    assert.deepEqual(await report(['', ...lines.slice(1)].join('\n')), [
      `${deck}: WA, first difference at line 1`, `  expected: ${lines[0]}`, '  actual:   ',
    ]);
  });

  test("explain --json: official 01 line 58 (C OUT Z): core's record exactly, the text under it", async () => {
    const candidates = [
      ['3M', 5], ['4M', 5], ['5M', 5], ['7M', 5], ['9M', 5], ['5P', 4], ['6P', 4], ['3S', 5], ['6S', 4], ['E', 4],
      ['N', 4], ['Z', 4],
    ].map(([tile, distance]) => `{"tile":"${tile}","distance":${distance}}`).join(',');
    assert.deepEqual(await cli(['explain', '--json', '--line', '58', official01]), {
      status: 0,
      stdout: `{"line":58,"text":"C OUT Z","discard":{"player":"C","candidates":[${candidates}],"chosen":"Z"},`
        + '"ron":[],"claims":[{"player":"A","type":"pong","tiles":["Z","Z","Z"],"before":3,"after":2,"taken":true}]}\n',
      stderr: '',
    });
    const all = await cli(['explain', '--json', official01]);
    const lines = all.stdout.split('\n').slice(0, -1);
    assert.equal(lines.length, mahjong[0].expected.split('\n').length - 1);
    assert.equal(lines[57], (await cli(['explain', '--json', '--line', '58', official01])).stdout.trimEnd());
    const text = await cli(['explain', '--line', '58', official01]);
    assert.deepEqual(text.stdout.split('\n').slice(0, 4), [
      '58: C OUT Z  (deck line 54: Z)',
      '    Discarded by C: every choice leaves distance 4 or 5; 5P, 6P, 6S, E, N and Z leave 4; '
        + 'Z comes first in the discard order (Z F B N W S E 9S … 1M).',
      '      Discard  Distance after',
      '      3M       5',
    ]);
    assert.deepEqual(text.stdout.split('\n').slice(-3), [
      '    * Z        4', "    A's pong Z Z Z: distance 3 → 2, taken", '',
    ]);
  });

  test('explain: each line with the deck line it moves and why, indented; --line picks one', async () => {
    const dir = tempDir();
    const deck = join(dir, 's1.cirnodeck');
    writeFileSync(deck, cirno[0].input);
    const all = await cli(['explain', deck]);
    assert.equal(all.status, 0);
    assert.deepEqual(all.stdout.split('\n').slice(0, 8), [
      '1: Round 1:',
      '2: JoesSR used A99,now p=99.  (deck line 2: A99)',
      '    Played by JoesSR at p = 0: the card giving the largest p that does not lose (ties: C, A, B, D, E).',
      '      Card  p after  Loses',
      '      B9    -9       no',
      '    * A99   99       no',
      '      PASS  0        no',
      '    Next: Cirno plays next.',
    ]);
    assert.deepEqual(all.stdout.split('\n').slice(-8), [
      '    Next: PASS hands the turn to Cirno, carrying the DOUBLE mark.',
      '9: Cirno lost the game.',
      '    Cirno loses at p = 89 under DOUBLE: every card in hand loses.',
      '      Card  p after  Loses',
      '      A19   108      yes',
      '      A99   188      yes',
      '      A49   138      yes',
      '',
    ]);
    assert.deepEqual(await cli(['explain', '--json', '--line', '4', deck]), {
      status: 0,
      stdout: '{"line":4,"text":"JoesSR used E49,now p=49.","play":{"player":"JoesSR","double":false,"candidates":['
        + '{"card":"B9","p":40,"loses":false},{"card":"E49","p":49,"loses":false},{"card":"PASS","p":49,"loses":false}'
        + '],"rule":"max","chosen":"E49"}}\n',
      stderr: '',
    });
    const length = cirno[0].expected.split('\n').length - 1;
    for (const line of ['999', 'abc', '0']) {
      assert.deepEqual(await cli(['explain', '--line', line, deck]), {
        status: 2,
        stdout: '',
        stderr: `deck-sim: --line must be a whole number from 1 to ${length} (the transcript's last line), `
          + `not '${line}'\nRun 'deck-sim explain --help' for usage.\n`,
      });
    }
  });
});
