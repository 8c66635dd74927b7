/**
 * The audit's generic machinery (core/catalogue/) on a small catalogue made here over the real
 * Mahjong engine: rule branches read from the game's outcome, mistakes that rewrite one line.
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { auditDecks } from '../../server/src/core/catalogue/audit';
import { augmentDecks } from '../../server/src/core/catalogue/augment';
import { greedyCover } from '../../server/src/core/catalogue/cover';
import { guidedDeck, guidedTargets } from '../../server/src/core/catalogue/guided';
import { likelyMistakes } from '../../server/src/core/catalogue/likely';
import { Cancelled } from '../../server/src/core/catalogue/task';
import type { GameCatalogue } from '../../server/src/core/catalogue/types';
import { MAHJONG } from '../../server/src/core/gameRegistry';
import type { DeckGame } from '../../server/src/core/deckGame';
import type { MahjongAnalysis, TileKind } from '../../server/src/core/mahjong';
import { conformanceCase, sharedSkip } from '../helpers';

const maker = MAHJONG.deckMaker();

/** The transcript with the line holding `word` rewritten by `change`, or as it is when no line holds it. */
function rewrite(analysis: MahjongAnalysis, word: string, change: (line: string) => string): string | undefined {
  const transcript = MAHJONG.transcript(analysis);
  return transcript?.split('\n').map((line) => (line.endsWith(` ${word}`) ? change(line) : line)).join('\n');
}

const FAKE: GameCatalogue<MahjongAnalysis> = {
  rules: [
    { id: 'ron', description: 'A player wins on a discard.' },
    { id: 'selfdrawn', description: 'A player wins on their draw.' },
    { id: 'draw-game', description: 'The wall runs out.' },
  ],
  ruleHits(analysis) {
    const outcome = analysis.game?.outcome;
    if (!outcome) return undefined;
    return new Map([[outcome.type === 'draw' ? 'draw-game' : outcome.by, 1]]);
  },
  mistakes: [
    { id: 'selfdrawn-as-ron', description: 'a win on one\'s own draw is called RON.' },
    { id: 'never', description: 'nothing changes.' },
    { id: 'ron-lower-case', description: 'RON is printed in lower case.' },
  ],
  mistakeTranscript(analysis, id) {
    if (id === 'selfdrawn-as-ron') return rewrite(analysis, 'SELFDRAWN', (line) => line.replace('SELFDRAWN', 'RON'));
    if (id === 'ron-lower-case') return rewrite(analysis, 'RON', (line) => line.replace('RON', 'ron'));
    return id === 'never' ? MAHJONG.transcript(analysis) : undefined;
  },
  // Not built on purpose: plain shuffles, which the caller checks, as it checks every deck.
  targetedDeck: (target, seed) =>
    (target === 'selfdrawn' || target === 'selfdrawn-as-ron' ? maker.text(maker.generate(0, seed)) : undefined),
};

const GAME: DeckGame<MahjongAnalysis> = { ...MAHJONG, catalogue: () => FAKE };

describe('audit (core)', { skip: sharedSkip }, () => {
  const ron = { name: 'official-01.in', text: conformanceCase('mahjong', 'official-01').input };
  const selfdrawn = { name: 'official-05.in', text: conformanceCase('mahjong', 'official-05').input };
  const broken = { name: 'broken.mjdeck', text: '1M\n' };

  test('hits and catches per deck, the first catcher\'s first differing line, decks with errors listed', async () => {
    const report = await auditDecks(GAME, [ron, broken, selfdrawn, ron]);
    assert.deepEqual(report.rules, [
      { id: 'ron', description: 'A player wins on a discard.', hits: 2, decks: ['official-01.in', 'official-01.in'] },
      { id: 'selfdrawn', description: 'A player wins on their draw.', hits: 1, decks: ['official-05.in'] },
      { id: 'draw-game', description: 'The wall runs out.', hits: 0, decks: [] },
    ]);
    assert.deepEqual(report.mistakes, [
      {
        id: 'selfdrawn-as-ron', description: 'a win on one\'s own draw is called RON.', killedBy: ['official-05.in'],
        first: { deck: 'official-05.in', line: 180, expected: 'A SELFDRAWN', mistaken: 'A RON' },
      },
      { id: 'never', description: 'nothing changes.', killedBy: [] },
      {
        id: 'ron-lower-case', description: 'RON is printed in lower case.',
        killedBy: ['official-01.in', 'official-01.in'],
        first: { deck: 'official-01.in', line: 83, expected: 'A RON', mistaken: 'A ron' },
      },
    ]);
    assert.deepEqual(report.invalid.map((i) => [i.deck, i.problems.length > 0]), [['broken.mjdeck', true]]);
    assert.equal(report.profiles[1], undefined);
  });

  test('progress is reported per deck, and a cancelled audit stops with Cancelled', async () => {
    const seen: string[] = [];
    await auditDecks(GAME, [ron, selfdrawn], { progress: (done, total) => void seen.push(`${done}/${total}`) });
    assert.deepEqual(seen, ['1/2', '2/2']);
    await assert.rejects(auditDecks(GAME, [ron, selfdrawn], { cancelled: () => true }), Cancelled);
  });

  test('likely mistakes: the variants printing exactly the output, as the judge compares', () => {
    const analysis = GAME.analyze(selfdrawn.text);
    const mistaken = FAKE.mistakeTranscript(analysis, 'selfdrawn-as-ron')!;
    const spaced = mistaken.replace(/\n$/, '').replaceAll('\n', '  \n');
    assert.deepEqual(likelyMistakes(GAME, analysis, spaced).map((m) => m.id), ['selfdrawn-as-ron']);
    // The reference's own output matches the mistakes that change nothing on this deck (it has no RON).
    assert.deepEqual(likelyMistakes(GAME, analysis, MAHJONG.transcript(analysis)!).map((m) => m.id),
      ['never', 'ron-lower-case']);
    assert.deepEqual(likelyMistakes(GAME, analysis, 'A WIN\n'), []);
  });

  test('augment: a deck for what the set misses, valid, its answer the transcript; the rest reported', async () => {
    const report = await auditDecks(GAME, [ron]);
    const options = { seed: 5, targetedTries: 40, generatedTries: 6 };
    const result = await augmentDecks(GAME, report, options);
    assert.equal(result.decks.length, 1);
    const [deck] = result.decks;
    assert.equal(deck.name, 'audit-01-selfdrawn-as-ron');
    assert.deepEqual([deck.catches, deck.exercises], [['selfdrawn-as-ron'], ['selfdrawn']]);
    assert.equal(deck.description,
      'catches selfdrawn-as-ron (a win on one\'s own draw is called RON); exercises selfdrawn');
    const analysis = GAME.analyze(deck.input);
    assert.deepEqual(analysis.problems, []);
    assert.equal(MAHJONG.judgeInput(analysis), deck.input);
    assert.equal(MAHJONG.transcript(analysis), deck.answer);
    assert.deepEqual(result.possiblyEquivalent, [{ id: 'never', description: 'nothing changes.', tried: 6 }]);
    assert.deepEqual(result.unexercised.map((u) => [u.id, u.tried]), [['draw-game', 6]]);
    // The same seed, the same decks.
    assert.deepEqual(await augmentDecks(GAME, report, options), result);
  });

  test('augment shrinks: the first differing line of the deck kept comes no later than the deck found', async () => {
    const report = await auditDecks(GAME, [ron]);
    const unshrunk = await augmentDecks(GAME, report, { seed: 5, generatedTries: 0, shrink: { runs: 0, patience: 1 } });
    const shrunk = await augmentDecks(GAME, report, { seed: 5, generatedTries: 0 });
    const line = (input: string) => (auditDecks(GAME, [{ name: 'x', text: input }]))
      .then((r) => r.mistakes[0].first!.line);
    assert.ok(await line(shrunk.decks[0].input) < await line(unshrunk.decks[0].input));
  });
});

describe('greedy cover', () => {
  test('the candidate adding most first, the earliest on a tie, none adding nothing', () => {
    const sets = [['a'], ['a', 'b', 'c'], ['c', 'd'], ['d'], ['x']].map((s) => new Set(s));
    assert.deepEqual(greedyCover(sets, new Set(['x'])), [
      { index: 1, added: ['a', 'b', 'c'] },
      { index: 2, added: ['d'] },
    ]);
  });
});

describe('guided decks', () => {
  const catalogue = {
    targetedDeck: (target: string, seed: number) =>
      (target === 'built' ? maker.text(maker.generate(3, seed)) : undefined),
  };

  test('with no targets: generator index mod G, as an unguided run', () => {
    const deck = guidedDeck(maker, catalogue, [], 7, 99);
    assert.deepEqual(deck, { deck: maker.generate(7 % maker.generators.length, 99), source: maker.generators[1] });
  });

  test('with targets: generators at even indices, targets at odd ones, a generator for a target with no deck', () => {
    const sources = [0, 1, 2, 3, 4, 5].map((i) => guidedDeck(maker, catalogue, ['built', 'none'], i, 3).source);
    assert.deepEqual(sources,
      ['shuffle', 'targeted built', 'specials-top', 'specials-top', 'specials-end', 'targeted built']);
    assert.deepEqual(guidedDeck<TileKind[]>(maker as never, catalogue, ['built'], 1, 3).deck, maker.generate(3, 3));
  });

  test('targets: mistakes first, then rule branches', () => {
    assert.deepEqual(guidedTargets(FAKE),
      ['selfdrawn-as-ron', 'never', 'ron-lower-case', 'ron', 'selfdrawn', 'draw-game']);
  });
});
