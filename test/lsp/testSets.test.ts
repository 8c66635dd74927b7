import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { CancellationTokenSource, ResponseError } from 'vscode-languageserver-protocol/node';
import { GAMES } from '../../server/src/core/gameRegistry';
import { validatorCall } from '../../server/src/core/problemPackage';
import {
  AuditRequest, CatchingDeckRequest, DeckGamesRequest, FILE_HEAD_CHARS, ProblemPackageRequest, type AuditResult,
} from '../../server/src/protocol/requests';
import { MAX_DECK_CHARS, MAX_SET_DECKS } from '../../server/src/lsp/testSets';
import { conformanceCase, sharedSkip } from '../helpers';
import { LspSession } from './lspClient';

const sample1 = conformanceCase('cirno', 'sample-1');
const official = conformanceCase('mahjong', 'official-01');
const BAD_CIRNO = '1 1 1\nX\n';

/** The error a request is answered with. */
async function rejection(promise: Promise<unknown>): Promise<{ code: number; message: string }> {
  try {
    await promise;
  } catch (error) {
    assert.ok(error instanceof ResponseError, String(error));
    return { code: error.code, message: error.message };
  }
  assert.fail('the request succeeded');
}

describe('the test set requests over stdio', { skip: sharedSkip }, () => {
  let lsp: LspSession;
  before(async () => {
    lsp = new LspSession();
    await lsp.initialize();
  });
  after(() => lsp.close());

  test('deckSim/audit: a ⑨ sample and a broken deck, exactly', async () => {
    const result = await lsp.request(AuditRequest, {
      game: 'cirno', decks: [{ name: 'sample-1.in', text: sample1.input }, { name: 'bad.cirnodeck', text: BAD_CIRNO }],
    });
    const hit = new Set(['seat-wraps-clockwise', 'p-exactly-99', 'plain-largest', 'plain-tie-c-first', 'plain-double',
      'doubled-pass', 'round-ends-doubled']);
    const catalogue = GAMES.cirno.catalogue();
    const rules = catalogue.rules.map(({ id, description }) => ({ id, description, hits: hit.has(id) ? 1 : 0 }));
    const expected: AuditResult = {
      game: 'cirno',
      rules: [...rules.filter((r) => r.hits === 0), ...rules.filter((r) => r.hits === 1)],
      mistakes: catalogue.mistakes.map(({ id, description }) => (id === 'plain-ties-alphabetical'
        ? {
          id, description, killedBy: ['sample-1.in'],
          first: {
            deck: 'sample-1.in', line: 5, expected: 'Cirno used C2,now p=98.', mistaken: 'Cirno used A49,now p=98.',
          },
        }
        : { id, description, killedBy: [] })),
      invalid: [{
        deck: 'bad.cirnodeck',
        problems: [
          { line: 1, message: 'The header announces 1 pile card but the pile holds 0.' },
          { line: 2, message: "Player 'X' holds 0 cards; a player line is a name and exactly three cards." },
          { line: 3, message: 'The pile ends after 0 cards: 1 more is needed to make k = 1.' },
        ],
      }],
      summary: `rules 7/${catalogue.rules.length} exercised · mistakes 1/${catalogue.mistakes.length} caught`,
    };
    assert.deepEqual(result, expected);
  });

  test('deckSim/catchingDeck: the deck that catches a mistake the sample lets through', async () => {
    const result = await lsp.request(CatchingDeckRequest, {
      game: 'cirno', decks: [{ name: 'sample-1.in', text: sample1.input }], mistake: 'halve-toward-zero',
    });
    assert.deepEqual(result, {
      deck: {
        name: 'audit-01-halve-toward-zero',
        input: '1 1 8\nWriggle B9 B19 B19\nD2 A99 A99 A99 A99 A99 A99 A99\n',
        answer: 'Round 1:\nWriggle used B9,now p=-9.\nWriggle used D2,now p=-5.\nWriggle used A99,now p=94.\n'
          + 'Wriggle used B19,now p=75.\nWriggle used B19,now p=56.\nWriggle lost the game.\n',
        description: 'catches halve-toward-zero (D2 rounds toward zero, so −3 becomes −1); '
          + 'exercises single-player, halve-negative-odd, plain-loses',
      },
      tried: 1,
    });
    // The set with that deck added catches it.
    const audit = await lsp.request(AuditRequest, {
      game: 'cirno',
      decks: [{ name: 'sample-1.in', text: sample1.input }, { name: 'new.in', text: result.deck!.input }],
    });
    assert.deepEqual(audit.mistakes.find((m) => m.id === 'halve-toward-zero')?.killedBy, ['new.in']);
    // A mistake the set already catches has no deck to add.
    assert.deepEqual(await lsp.request(CatchingDeckRequest, {
      game: 'cirno', decks: [{ name: 'sample-1.in', text: sample1.input }], mistake: 'plain-ties-alphabetical',
    }), { tried: 0 });
  });

  test('deckSim/problemPackage: the files but the validator, whose call line is core\'s', async () => {
    const result = await lsp.request(ProblemPackageRequest, {
      game: 'cirno', name: 'nine', version: '9.9.9', samples: [{ name: 'sample-1', text: sample1.input }],
      secret: [{ name: 'extra', text: sample1.input, description: 'the same\ndeck' }],
    });
    assert.deepEqual(result, {
      files: [
        {
          path: 'problem.yaml',
          text: '# Written by deck-sim 9.9.9: test data made and checked by its simulator.\nname: "nine"\n'
            + 'license: unknown\nvalidation: default\nvalidator_flags: case_sensitive\nlimits:\n  memory: 1024\n',
        },
        { path: 'data/sample/sample-1.in', text: sample1.input },
        { path: 'data/sample/sample-1.ans', text: sample1.expected },
        { path: 'data/secret/extra.in', text: sample1.input },
        { path: 'data/secret/extra.ans', text: sample1.expected },
        { path: 'data/secret/extra.desc', text: 'the same deck\n' },
      ],
      validator: { path: 'input_validators/deck/validate.js', after: validatorCall('cirno') },
    });
    assert.equal(validatorCall('cirno'), '\nmodule.exports.runValidator("cirno");\n');
    // VS Code sends deckSim.solution.memoryLimitMb as problem.yaml's memory limit.
    const limited = await lsp.request(ProblemPackageRequest, {
      game: 'cirno', name: 'nine', version: '9.9.9', memoryLimitMb: 256, samples: [], secret: [],
    });
    assert.ok('files' in limited && limited.files[0].text.endsWith('\nlimits:\n  memory: 256\n'));
    const refused = await lsp.request(ProblemPackageRequest, {
      game: 'cirno', name: 'nine', version: '9.9.9', samples: [],
      secret: [{ name: 'bad', text: BAD_CIRNO }, { name: '-x', text: '' }],
    });
    assert.deepEqual(refused, {
      refused: [
        {
          name: 'bad',
          problems: [
            { line: 1, message: 'The header announces 1 pile card but the pile holds 0.' },
            { line: 2, message: "Player 'X' holds 0 cards; a player line is a name and exactly three cards." },
            { line: 3, message: 'The pile ends after 0 cards: 1 more is needed to make k = 1.' },
          ],
        },
        { name: '-x', badName: true, problems: [] },
      ],
    });
  });

  test('deckSim/problemPackage: a one-character name is allowed; two decks with one name are duplicates', async () => {
    const result = await lsp.request(ProblemPackageRequest, {
      game: 'cirno', name: 'nine', version: '9.9.9', samples: [{ name: '1', text: sample1.input }],
      secret: [{ name: '1', text: sample1.input }, { name: '2', text: sample1.input }],
    });
    assert.deepEqual(result, { refused: [{ name: '1', duplicate: true, problems: [] }] });
    const one = await lsp.request(ProblemPackageRequest, {
      game: 'cirno', name: 'nine', version: '9.9.9', samples: [], secret: [{ name: '9', text: sample1.input }],
    });
    assert.ok('files' in one);
    assert.deepEqual(one.files.map((f) => f.path), ['problem.yaml', 'data/secret/9.in', 'data/secret/9.ans']);
  });

  test("deckSim/deckGames: a file's game by its ending, else a `.in` by its first word, else none", async () => {
    const files = [
      { name: 'a.mjdeck', head: '3 1 1\n' },
      { name: 'b.CIRNODECK', head: '' },
      { name: 'sample-1.in', head: sample1.input.slice(0, FILE_HEAD_CHARS) },
      { name: 'official-01.in', head: official.input },
      { name: 'notes.in', head: 'hello\n' },
      { name: 'empty.in', head: '' },
    ];
    assert.deepEqual(await lsp.request(DeckGamesRequest, { files }),
      { games: ['mahjong', 'cirno', 'cirno', 'mahjong', null, null] });
  });

  test('bad params are answered InvalidParams naming the bound', async () => {
    const deck = { name: 'a.in', text: sample1.input };
    const cases: [string, unknown, string][] = [
      [AuditRequest.method, { game: 'chess', decks: [] }, 'params.game must be one of mahjong, cirno, not "chess"'],
      [AuditRequest.method, { game: 'cirno' }, 'params.decks must be an array, not undefined'],
      [AuditRequest.method, { game: 'cirno', decks: Array(MAX_SET_DECKS + 1).fill(deck) },
        `params.decks must hold at most ${MAX_SET_DECKS} items, not ${MAX_SET_DECKS + 1}`],
      [AuditRequest.method, { game: 'cirno', decks: [{ name: 'big', text: 'x'.repeat(MAX_DECK_CHARS + 1) }] },
        `params.decks[0].text must be at most ${MAX_DECK_CHARS} characters (a deck's size), not ${MAX_DECK_CHARS + 1}`],
      [AuditRequest.method, { game: 'cirno', decks: [{ name: 3, text: '' }] },
        'params.decks[0].name must be a string, not number 3'],
      [CatchingDeckRequest.method, { game: 'cirno', decks: [deck], mistake: 'no-such' },
        `params.mistake must be one of ${GAMES.cirno.catalogue().mistakes.map((m) => m.id).join(', ')}, not "no-such"`],
      [CatchingDeckRequest.method, { game: 'cirno', decks: [deck], mistake: 'halve-toward-zero', seed: -1 },
        'params.seed must be an integer from 0 to 4294967295, not -1'],
      [ProblemPackageRequest.method, { game: 'cirno', name: 'p', version: '1', samples: [], secret: {} },
        'params.secret must be an array, not an object'],
      [ProblemPackageRequest.method, { game: 'cirno', name: 'p', version: 'x'.repeat(65), samples: [], secret: [] },
        "params.version must be at most 64 characters (a version's length), not 65"],
      [ProblemPackageRequest.method,
        { game: 'cirno', name: 'p', version: '1', memoryLimitMb: 0, samples: [], secret: [] },
        'params.memoryLimitMb must be an integer from 1 to 1048576, not 0'],
      [DeckGamesRequest.method, { files: [{ name: 'a.in', head: 'x'.repeat(FILE_HEAD_CHARS + 1) }] },
        `params.files[0].head must be at most ${FILE_HEAD_CHARS} characters (a file's head), `
          + `not ${FILE_HEAD_CHARS + 1}`],
    ];
    for (const [method, params, message] of cases) {
      assert.deepEqual(await rejection(lsp.connection.sendRequest(method, params)), { code: -32602, message }, method);
    }
  });

  test('deckSim/audit reports progress and stops when cancelled; the server answers on', async () => {
    const progress: { token: unknown; value: { kind: string } }[] = [];
    let reported: () => void = () => undefined;
    const firstReport = new Promise<void>((resolve) => { reported = resolve; });
    lsp.connection.onNotification('$/progress', (params: { token: unknown; value: { kind: string } }) => {
      progress.push(params);
      if (params.value.kind === 'report') reported();
    });
    const source = new CancellationTokenSource();
    const decks = Array.from({ length: 2000 }, (_, i) => ({ name: `d${i}.in`, text: official.input }));
    const pending = lsp.connection.sendRequest(
      AuditRequest.method, { game: 'mahjong', decks, workDoneToken: 'audit-1' }, source.token,
    ) as Promise<AuditResult>;
    await firstReport;
    source.cancel();
    assert.deepEqual(await rejection(pending), { code: -32800, message: 'The request was cancelled.' });
    assert.deepEqual(progress[0], {
      token: 'audit-1', value: { kind: 'begin', title: 'Auditing 2000 decks', cancellable: true, percentage: 0 },
    });
    assert.deepEqual(progress.at(-1), { token: 'audit-1', value: { kind: 'end' } });
    const small = await lsp.request(AuditRequest, { game: 'mahjong', decks: decks.slice(0, 1) });
    assert.match(small.summary, /^rules \d+\/\d+ exercised · mistakes \d+\/\d+ caught$/);
  });
});
