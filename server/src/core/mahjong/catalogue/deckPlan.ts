/**
 * A Mahjong deck laid out on purpose: the hands each player is dealt (tile i goes to player
 * (i - 1) mod 4) and the first wall tiles in the order they are drawn, the rest filled from the
 * tiles left so that they disturb little: hands from ordinary tiles, the wall shuffled with its
 * specials and reserved kinds last.
 */
import { shuffle } from '../../seededRandom';
import { PLAYER_COUNT } from '../claimOrder';
import { COPIES, FIRST_SPECIAL, HAND_SIZE, KIND_COUNT, isSuited, type Player, type TileKind } from '../tiles';

export type Random = () => number;

export const pick = (random: Random, n: number): number => Math.floor(random() * n);

export class DeckPlan {
  readonly hands: TileKind[][] = [[], [], [], []];
  /** The first wall tiles, in the order they are drawn. */
  readonly wall: TileKind[] = [];
  /** The last tiles of the deck, in order. */
  readonly tail: TileKind[] = [];
  /** Copies not placed yet, per kind. */
  readonly left = new Array<number>(KIND_COUNT).fill(COPIES);
  /** Kinds whose copies left go to the back of the wall, and kinds picked for a role. */
  private readonly reserved = new Set<TileKind>();
  readonly used = new Set<TileKind>();

  constructor(readonly random: Random) {}

  private take(kind: TileKind, count: number): void {
    if (this.left[kind] < count) throw new RangeError(`no ${count} copies of kind ${kind} left`);
    this.left[kind] -= count;
    this.used.add(kind);
  }

  give(player: Player, ...kinds: TileKind[]): this {
    for (const kind of kinds) this.take(kind, 1);
    this.hands[player].push(...kinds);
    if (this.hands[player].length > HAND_SIZE) throw new RangeError(`player ${player} is dealt more than 13 tiles`);
    return this;
  }

  /** The next wall tiles, drawn in this order. */
  draw(...kinds: TileKind[]): this {
    for (const kind of kinds) this.take(kind, 1);
    this.wall.push(...kinds);
    return this;
  }

  /** Tiles placed at the very end of the deck, in order. */
  last(...kinds: TileKind[]): this {
    for (const kind of kinds) this.take(kind, 1);
    this.tail.push(...kinds);
    return this;
  }

  /** Keeps the copies of these kinds out of the hands filled at random and late in the wall. */
  reserve(...kinds: TileKind[]): this {
    for (const kind of kinds) this.reserved.add(kind);
    return this;
  }

  /**
   * An ordinary kind with `copies` copies left, not used yet, no closer than 3 ranks in its suit
   * to a used kind (so that it makes no run with one), within [from, to]. Undefined if none.
   */
  lone(copies: number, from = 0, to = FIRST_SPECIAL - 1): TileKind | undefined {
    const options: TileKind[] = [];
    for (let kind = from; kind <= to; kind++) {
      if (this.left[kind] >= copies && !this.used.has(kind) && !this.nearUsed(kind)) options.push(kind);
    }
    return options.length === 0 ? undefined : options[pick(this.random, options.length)];
  }

  private nearUsed(kind: TileKind): boolean {
    if (!isSuited(kind)) return false;
    for (const other of this.used) {
      if (isSuited(other) && Math.floor(other / 9) === Math.floor(kind / 9) && Math.abs(other - kind) < 3) return true;
    }
    return false;
  }

  /** `count` triplets of lone kinds for `player`. */
  triplets(player: Player, count: number): this {
    for (let i = 0; i < count; i++) {
      const kind = this.lone(3);
      if (kind === undefined) throw new RangeError('no kind left for a triplet');
      this.give(player, kind, kind, kind);
    }
    return this;
  }

  /** A hand of four lone triplets and `single`: it wins on `single` alone. */
  waitsOn(player: Player, single: TileKind): this {
    return this.triplets(player, 4).give(player, single).reserve(single);
  }

  /**
   * `player` (whose draw is the next wall tile) throws `kind` at once: four lone triplets and
   * `kind`, drawing a lone kind of a lower index (ties go to the highest). False if none.
   */
  throws(player: Player, kind: TileKind): boolean {
    this.used.add(kind);
    const lower = this.lone(1, 0, kind - 1);
    if (lower === undefined) return false;
    this.waitsOn(player, kind).draw(lower);
    return true;
  }

  /**
   * The full deck: the hands filled from ordinary tiles, the wall shuffled behind the tiles
   * placed, its specials late unless `specialsLate` is false.
   */
  build(specialsLate = true): TileKind[] {
    const { random } = this;
    const free: TileKind[] = [];
    const late: TileKind[] = [];
    const specials: TileKind[] = [];
    this.left.forEach((count, kind) => {
      const into = kind >= FIRST_SPECIAL && specialsLate ? specials : this.reserved.has(kind) ? late : free;
      for (let i = 0; i < count; i++) into.push(kind);
    });
    shuffle(free, random);
    const hands = this.hands.map((hand) => {
      const full = [...hand];
      while (full.length < HAND_SIZE) {
        const at = free.findIndex((kind) => kind < FIRST_SPECIAL);
        full.push(free.splice(at, 1)[0]);
      }
      return shuffle(full, random);
    });
    const deck: TileKind[] = [];
    for (let i = 0; i < HAND_SIZE * PLAYER_COUNT; i++) deck.push(hands[i % PLAYER_COUNT][Math.floor(i / PLAYER_COUNT)]);
    return [...deck, ...this.wall, ...free, ...shuffle(specials, random), ...shuffle(late, random),
      ...this.tail];
  }
}
