import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import type { Position } from '../../server/src/core/problem';
import type { DeckCompletion } from '../../server/src/features/gameService';
import { serviceFor } from '../../server/src/features/serviceRegistry';
import { conformanceCase, pictures, sharedSkip } from '../helpers';

const cirno = serviceFor('cirno');
const sample1 = conformanceCase('cirno', 'sample-1');
const sample2 = conformanceCase('cirno', 'sample-2');
const at = (line: number, character = 0): Position => ({ line, character });

/** sample-1 with hostile player names: every hover must show them as typed, never as Markdown. */
const IMAGE = '![x](https://example.invalid/t.png)';
const LINK = '[run](command:x)';
const hostile = sample1.input.replace('JoesSR', IMAGE).replace('Cirno', LINK);
const IMAGE_SHOWN = '\\!\\[x\\]\\(https\\://example.invalid/t.png\\)';
const LINK_SHOWN = '\\[run\\]\\(command:x\\)';

/** The cards an SVG picture shows, by their accessible names. */
const cardsIn = (svg: string) => [...svg.matchAll(/aria-label="([^"]+)"/g)].map((m) => m[1]);

/** A hover's paragraphs that say why the card left its hand (the sentence and the table), or all the others. */
const whyParagraphs = (hover: string, why = true) => hover.split('\n\n')
  .filter((paragraph) => /^\*\*Why |^\| card /.test(paragraph) === why).join('\n\n');

describe('⑨ hovers', { skip: sharedSkip }, () => {
  const cases: [string, string, Position, string | undefined][] = [
    ['n', sample1.input, at(0, 0), '**n = 2** — players (1 to 30)\n\nPlayers in seat order: JoesSR, Cirno'],
    ['m', sample1.input, at(0, 2), '**m = 1** — rounds (1 to 100)\n\n1 of 1 rounds played · 9 transcript lines'],
    ['k', sample1.input, at(0, 4),
      '**k = 10** — cards in the draw pile (1 to 300,000)\n\n10 of 10 pile cards used; 0 never drawn'],
    ['a player', sample1.input, at(1, 0), '**JoesSR** — player 1 of 2 · 4 plays · never lost\n\n'
      + 'Final hand: A49 A99 PASS\n\n'
      + '- round 1: A99 (p 0 → 99) · transcript line 2\n- round 1: E49 (p 49 → 49) · transcript line 4\n'
      + '- round 1: B9 (p 98 → 89) · transcript line 6\n- round 1: PASS (p 89 → 89) · transcript line 8'],
    ['a starting card', sample1.input, at(1, 8),
      "**B9** — subtracts 9 from p · JoesSR's starting card 1 of 3\n\n"
        + "- played by JoesSR in round 1, turn 5: p 98 → 89 · transcript line 6"],
    ['a pile card', sample1.input, at(3, 0),
      '**E49** — sets p to 49 · pile card 1 of 10\n\n- drawn by JoesSR in round 1, turn 1\n'
        + '- played by JoesSR in round 1, turn 3: p 49 → 49 · transcript line 4'],
    ['a card drawn after a loss and kept', sample2.input, at(4, 70),
      "**A99** — adds 99 to p · pile card 19 of 25\n\n"
        + "- drawn by Reimu in round 1, turn 17, as one of three new cards after losing\n"
        + "- still in Reimu's hand at the end"],
    ['past the end of a line', sample1.input, at(1, 30), undefined],
    ['past the end', sample1.input, at(40, 3), undefined],
    ['an empty deck', '', at(0), undefined],
    ['a header number that is not one', '2 1 x\nA B9\n', at(0, 4),
      '**k = x** — cards in the draw pile (1 to 300,000)\n\n'
        + 'No simulation: 3 errors, the first at line 1: k \\(pile cards\\) must be a whole number, not \'x\'.'],
    ['hostile names in the header', hostile, at(0, 0),
      `**n = 2** — players (1 to 30)\n\nPlayers in seat order: ${IMAGE_SHOWN}, ${LINK_SHOWN}`],
    ['a hostile name', hostile, at(1, 0), `**${IMAGE_SHOWN}** — player 1 of 2 · 4 plays · never lost\n\n`
      + 'Final hand: A49 A99 PASS\n\n'
      + '- round 1: A99 (p 0 → 99) · transcript line 2\n- round 1: E49 (p 49 → 49) · transcript line 4\n'
      + '- round 1: B9 (p 98 → 89) · transcript line 6\n- round 1: PASS (p 89 → 89) · transcript line 8'],
    ['a hostile owner of a starting card', hostile, at(2, LINK.length + 4),
      `**D2** — halves p, rounding down · ${LINK_SHOWN}'s starting card 2 of 3\n\n`
      + `- played by ${LINK_SHOWN} in round 1, turn 2: p 99 → 49 · transcript line 3`],
    ['hostile players of a pile card', hostile, at(3, 0),
      `**E49** — sets p to 49 · pile card 1 of 10\n\n- drawn by ${IMAGE_SHOWN} in round 1, turn 1\n`
      + `- played by ${IMAGE_SHOWN} in round 1, turn 3: p 49 → 49 · transcript line 4`],
    ['a hostile unknown card', sample1.input.replace('C2', '<img/src=x>'), at(2, 6),
      "**\\<img/src=x\\>** is not a card · Cirno's starting card 1 of 3\n\n"
      + "No simulation: 1 error, the first at line 3: Unknown card '\\<img/src=x\\>'. Cards are A1, A2, A5, A9, A19, "
      + "A49, A99, "
      + 'B1, B9, B19, C2, D2, E0, E49, E99, PASS, TURN and DOUBLE.'],
  ];
  for (const [name, text, position, expected] of cases) {
    // Why a card was played has its own table below.
    test(name, () => {
      const hover = cirno.analyze(text).hover(position, { pictures: false });
      assert.equal(hover && whyParagraphs(hover, false), expected);
    });
  }

  test('the decision first, then the card\'s journey', () => {
    assert.equal(cirno.analyze(sample1.input).hover(at(3, 0), { pictures: false }),
      '**E49** — sets p to 49 · pile card 1 of 10\n\n'
        + '**Why JoesSR played it** · transcript line 4: at p = 49, the card giving the largest p that does not lose '
        + '(ties: C, A, B, D, E). Next: Cirno plays next.\n\n'
        + '| card | B9 | **E49** | PASS |\n| --- | ---: | ---: | ---: |\n| p after | 40 | **49** | 49 |\n'
        + '| loses | no | **no** | no |\n\n'
        + '- drawn by JoesSR in round 1, turn 1\n- played by JoesSR in round 1, turn 3: p 49 → 49 · transcript line 4');
  });

  test('pictures: the hand a card left in its Why table, a card kept, a player\'s final hand', () => {
    const deck = cirno.analyze(sample1.input);
    const table = pictures(deck.hover(at(3, 0), { pictures: true })!);
    assert.deepEqual(table.map((p) => [p.alt, ...cardsIn(p.svg)]), [['B9', 'B9'], ['E49', 'E49'], ['PASS', 'PASS']]);
    assert.deepEqual(pictures(cirno.analyze(sample2.input).hover(at(4, 70), { pictures: true })!)
      .map((p) => [p.alt, ...cardsIn(p.svg)]), [['A99', 'A99']]);
    const [hand] = pictures(deck.hover(at(1, 0), { pictures: true })!);
    assert.equal(hand.alt, 'A49 A99 PASS');
    assert.deepEqual(cardsIn(hand.svg), ['A49', 'A99', 'PASS']);
  });

  test('pictures: every card\'s corner label is at least 10 pixels tall as a hover shows it', () => {
    const hovers = [cirno.analyze(sample1.input).hover(at(3, 0), { pictures: true })!,
      cirno.analyze(sample1.input).hover(at(1, 0), { pictures: true })!,
      cirno.analyze(sample2.input).hover(at(4, 70), { pictures: true })!];
    const sizes = hovers.flatMap((hover) => pictures(hover)).flatMap(({ svg }) => {
      const shown = Number(/^<svg [^>]*height="([\d.]+)"/.exec(svg)![1]);
      // A row of cards nests each card's own SVG, scaled to the row's height.
      const cards = svg.split('<svg ').slice(svg.split('<svg ').length > 2 ? 2 : 1);
      return cards.map((card) => {
        const height = Number(/viewBox="0 0 [\d.]+ ([\d.]+)"/.exec(card)![1]);
        const font = Number(/<text class="corner"[^>]* font-size="([\d.]+)"/.exec(card)?.[1] ?? NaN);
        return { card: /aria-label="([^"]+)"/.exec(card)![1], pixels: Math.round((font * shown) / height * 10) / 10 };
      });
    });
    const normal = sizes.filter((s) => !['PASS', 'TURN', 'DOUBLE'].includes(s.card));
    assert.deepEqual(normal.map((s) => s.card), ['B9', 'E49', 'A49', 'A99', 'A99']);
    assert.deepEqual(normal.filter((s) => !(s.pixels >= 10)), [], JSON.stringify(sizes));
  });
});

describe('⑨ hovers say why a card was played', { skip: sharedSkip }, () => {
  const table = (cards: string, p: string, loses: string) => `| card | ${cards} |\n| --- | ---: | ---: | ---: |\n`
    + `| p after | ${p} |\n| loses | ${loses} |`;
  const MAX = 'the card giving the largest p that does not lose (ties: C, A, B, D, E)';
  const cases: [string, string, Position, string][] = [
    ['the largest p that does not lose', sample1.input, at(1, 8),
      `**Why JoesSR played it** · transcript line 6: at p = 98, ${MAX}. Next: Cirno plays next.\n\n`
        + table('**B9** | PASS | PASS', '**89** | 98 | 98', '**no** | no | no')],
    ['an escape card, and the DOUBLE mark handed on', sample1.input, at(3, 4),
      '**Why Cirno played it** · transcript line 7: at p = 89, every normal card loses, so an escape card (PASS, then '
        + 'TURN, then DOUBLE). Next: JoesSR plays next, doubled.\n\n'
        + table('A19 | **DOUBLE** | A49', '108 | **89** | 138', 'yes | **no** | yes')],
    ['a card dropped by a loss', sample1.input, at(3, 17),
      '**Why Cirno lost** · transcript line 9: at p = 89 under DOUBLE, every card in hand loses.\n\n'
        + table('A19 | A99 | A49', '108 | 188 | 138', 'yes | yes | yes')],
    ['hostile names', hostile, at(2, LINK.length + 4),
      `**Why ${LINK_SHOWN} played it** · transcript line 3: at p = 99, ${MAX}. Next: ${IMAGE_SHOWN} plays next.\n\n`
        + table('C2 | **D2** | A49', '198 | **49** | 148', 'yes | **no** | yes')],
  ];
  for (const [name, text, position, expected] of cases) {
    test(name, () => {
      assert.equal(whyParagraphs(cirno.analyze(text).hover(position, { pictures: false })!), expected);
    });
  }
});

describe('⑨ completion', { skip: sharedSkip }, () => {
  const cases: [string, string, Position, string[]][] = [
    ['on a card in a hand', sample1.input, at(1, 8), ['B1 subtracts 1 from p 1:7-9', 'B9 subtracts 9 from p 1:7-9']],
    ['on a name', sample1.input, at(1, 0), []],
    ['on the header', sample1.input, at(0, 1), []],
    ['in a comment', sample1.input.replace('A49\n', 'A49 # note\n'), at(2, 20), []],
  ];
  for (const [name, text, position, expected] of cases) {
    test(name, () => {
      const items = cirno.analyze(text).completions(position).slice(0, 2);
      const where = ({ range: { start, end } }: DeckCompletion) => `${start.line}:${start.character}-${end.character}`;
      assert.deepEqual(items.map((i) => `${i.label} ${i.detail} ${where(i)}`), expected);
    });
  }

  test('a short pile says how many cards it needs', () => {
    const [first] = cirno.analyze('2 1 12\nA B9 A99 PASS\nB C2 D2 A49\nE49\n').completions(at(3, 3));
    assert.equal(first.documentation, 'E49: the pile needs 11 more');
  });
});

describe('⑨ inlay hints', { skip: sharedSkip }, () => {
  test('who draws each pile card', () => {
    const hints = cirno.analyze(hostile).inlayHints(3, 3);
    assert.deepEqual(hints.slice(0,
      2).map((h) => `${h.position.line}:${h.position.character} ${h.label} | ${h.tooltip}`), [
      `3:3 →${IMAGE} | Pile card 1: drawn by ${IMAGE} in round 1, turn 1`,
      `3:10 →${LINK} | Pile card 2: drawn by ${LINK} in round 1, turn 2`,
    ]);
    assert.equal(hints.length, 10);
  });

  test('none outside the lines asked for, none for a broken deck', () => {
    assert.deepEqual(cirno.analyze(sample1.input).inlayHints(0, 2), []);
    assert.deepEqual(cirno.analyze(sample1.input.replace('C2', 'C3')).inlayHints(0, 3), []);
  });
});

describe('⑨ lens, outcome and transcript', { skip: sharedSkip }, () => {
  const cases: [string, string, string, string, string | undefined][] = [
    ['sample 1', sample1.input, '1 round · 9 lines · 10 of 10 cards drawn',
      '1 round played, 10 of 10 pile cards drawn', sample1.expected],
    ['sample 2', sample2.input, '2 rounds · 21 lines · 23 of 25 cards drawn',
      '2 rounds played, 23 of 25 pile cards drawn', sample2.expected],
    ['an empty deck', '', '1 error · fix it to simulate',
      'simulation skipped: 1 error, the first at line 1: The deck holds no cards at all: it should start with the '
        + "header line 'n m k' (players, rounds, pile cards).",
      undefined],
  ];
  for (const [name, text, lens, outcome, transcript] of cases) {
    test(name, () => {
      const deck = cirno.analyze(text);
      assert.equal(deck.lensTitle(), lens);
      assert.equal(deck.outcome(), outcome);
      assert.equal(deck.transcript(), transcript);
    });
  }
});

describe('⑨ selection figures', { skip: sharedSkip }, () => {
  const cases: [string, string, number[], string][] = [
    ['the pile line', sample1.input, [3], '10 cards · A99×5 A19×1 A49×1 DOUBLE×1 E49×1 PASS×1'],
    ['two hands', sample2.input, [1, 2], '6 cards · A9×2 A19×1 B1×1 C2×1 TURN×1'],
    ['the header', sample1.input, [0], ''],
  ];
  for (const [name, text, lines, expected] of cases) {
    test(name, () => assert.equal(cirno.analyze(text).selectionSummary(new Set(lines)).text, expected));
  }
});

describe('new ⑨ decks', () => {
  test('the same seed and options give the same deck, of that size', () => {
    const text = cirno.newDeck(7, { players: 4, rounds: 3, cards: 120 });
    assert.equal(text, cirno.newDeck(7, { players: 4, rounds: 3, cards: 120 }));
    const analysis = cirno.analyze(text);
    assert.deepEqual(analysis.problems, []);
    assert.equal(text.split('\n')[1], '4 3 120');
  });

  test('options not given take their defaults', () => {
    const bounds = cirno.newDeckBounds;
    assert.equal(cirno.newDeck(1, {}).split('\n')[1],
      [bounds.players, bounds.rounds, bounds.cards].map((bound) => bound!.default).join(' '));
  });

  test('bounds are the rules\' limits, each with what to ask', () => {
    assert.deepEqual(cirno.newDeckBounds, {
      players: { prompt: 'Players (n)', min: 1, max: 30, default: 3 },
      rounds: { prompt: 'Rounds (m)', min: 1, max: 100, default: 2 },
      cards: { prompt: 'Cards in the draw pile (k)', min: 1, max: 300_000, default: 60 },
    });
  });
});
