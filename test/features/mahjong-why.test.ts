import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { kindOf, mahjongDeckText, type MahjongDecision, type TileKind } from '../../server/src/core/mahjong';
import { discardWhy } from '../../server/src/features/mahjong/why';
import { serviceFor } from '../../server/src/features/serviceRegistry';

const mahjong = serviceFor('mahjong');
const kinds = (tiles: string): TileKind[] => tiles.split(/\s+/).filter(Boolean).map((name) => kindOf(name)!);

/** A deck dealing these four hands, then the wall tiles given, then every tile left in index order. */
function deckText(hands: [string, string, string, string], wall: string): string {
  const dealt = hands.map(kinds);
  const deck: TileKind[] = [];
  for (let i = 0; i < 52; i++) deck.push(dealt[i % 4][Math.floor(i / 4)]);
  deck.push(...kinds(wall));
  const left = new Array<number>(37).fill(4);
  for (const kind of deck) left[kind]--;
  left.forEach((n, kind) => deck.push(...new Array<TileKind>(n).fill(kind)));
  return mahjongDeckText(deck);
}

// A draws 5P, tile 53, and throws it at once, keeping its triplets of winds.
const THROWS_5P = 'S S S W W W N N N B B F F';
const A_DISCARDS_5P = '**Why A discarded it** · transcript line 54: every choice leaves distance 1 or 2; '
  + 'only 5P leaves 1.\n\n'
  + '| discard | **5P** | S | W | N | B | F |\n| --- | ---: | ---: | ---: | ---: | ---: | ---: |\n'
  + '| distance left | **1** | 2 | 2 | 2 | 2 | 2 |';

describe('Mahjong hovers say why a tile was discarded, and what the rules checked', () => {
  const cases: [string, [string, string, string, string], string][] = [
    ['an interception: B and C could both RON the 5P; B is asked first',
      [THROWS_5P, '1M 2M 3M 4M 5M 6M 7M 8M 9M 1P 1P 1P 5P', '1S 2S 3S 4S 5S 6S 7S 8S 9S E E E 5P',
        '2M 2M 2M 3M 3M 3M 4M 4M 4M 6P 6P 6P 9P'],
      '- RON: B wins on it\n- RON: C could win on it too, but B is asked first'],
    ['a declined pong',
      [THROWS_5P, '1M 2M 3M 4M 5M 6M 7M 8M 1S 1S 1S 5P 5P', '2S 2S 2S 3S 3S 3S 4S 4S 4S E E E 9S',
        '6S 6S 6S 7S 7S 7S 8S 8S 8S 9M 9M 9M 1P'],
      "- B's pong 5P 5P 5P: distance 1 → 1, declined: it would not bring the hand closer"],
    ['a choice between two chows',
      [THROWS_5P, '1M 2M 3M 4M 5M 6M 7M 8M E 4P 6P 7P 7P', '1S 1S 1S 2S 2S 2S 3S 3S 3S 9S 9S 9S E',
        '4S 4S 4S 5S 5S 5S 6S 6S 6S 9P 9P 9P 1P'],
      "- B's chow 5P 6P 7P: distance 2 → 2, declined: it would not bring the hand closer\n"
        + "- B's chow 4P 5P 6P: distance 2 → 1, taken"],
  ];
  for (const [name, hands, checks] of cases) {
    test(name, () => {
      const hover = mahjong.analyze(deckText(hands, '5P')).hover({ line: 52, character: 0 }, { pictures: false })!;
      assert.equal(hover.slice(hover.indexOf('**Why')), `${A_DISCARDS_5P}\n\nThen the rules checked:\n${checks}`);
    });
  }
});

describe('why a special tile was discarded', () => {
  const special = (effect: Extract<MahjongDecision, { type: 'special' }>['effect'], held: string): MahjongDecision => ({
    type: 'special', player: 2, held: kinds(held), chosen: kinds(held)[0], effect,
  });
  const cases: [string, MahjongDecision | undefined, string | undefined][] = [
    ['PASS', special({ type: 'pass', skipped: 3 }, 'PASS DOUBLE'),
      'Special tiles go first, PASS before REVERSE before DOUBLE; C held PASS and DOUBLE. D\'s turn is skipped.'],
    ['REVERSE', special({ type: 'reverse', direction: -1, next: 1 }, 'REVERSE'),
      'Special tiles go first, PASS before REVERSE before DOUBLE; C held REVERSE. '
        + 'Play turns D → C → B → A: B plays next.'],
    ['DOUBLE on an empty wall', special({ type: 'double', extraDraw: false }, 'DOUBLE'),
      'Special tiles go first, PASS before REVERSE before DOUBLE; C held DOUBLE. '
        + 'The wall is empty, so the game ends in a draw.'],
    ['no decision', undefined, undefined],
    ['a SELFDRAWN', { type: 'selfdrawn', player: 0 }, undefined],
  ];
  for (const [name, decision, expected] of cases) {
    test(name, () => {
      const why = discardWhy(decision, 12);
      assert.equal(why, expected && `**Why C discarded it** · transcript line 12\n\n${expected}`);
    });
  }
});
