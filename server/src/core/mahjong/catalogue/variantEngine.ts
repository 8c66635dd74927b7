/**
 * A plain interpreter of the Mahjong rules whose choices are a small object of hooks, so that a
 * likely mistake is one hook overridden. With REFERENCE_RULES it prints exactly the judge's
 * transcript. It is kept apart from simulate.ts: the plain simulation stays as fast as it is.
 */
import { CHOW_OPTIONS, PLAYER_COUNT, PONG_ORDER, playerAfter } from '../claimOrder';
import { HandTables, MAX_SETS } from '../distance';
import { kindGroup, nearBits, rankBit } from '../groupKeys';
import {
  DOUBLE, FIRST_SPECIAL, HAND_SIZE, KIND_COUNT, PASS, PLAYERS, REVERSE, SPECIAL_DISCARD_ORDER, TILE_NAMES,
  type Player, type TileKind,
} from '../tiles';

/** One player's concealed tiles by kind, with the engine's winning-distance tables. */
export class VariantHand {
  readonly counts = new Int8Array(KIND_COUNT);
  private readonly tables = new HandTables();
  /** Per group, a bit per rank held (as Hand keeps them, for HandTables.bestRemoval). */
  private readonly held = new Int32Array(4);
  specials = 0;
  melds = 0;
  private own = -1;

  clear(): void {
    this.counts.fill(0);
    this.tables.clear();
    this.held.fill(0);
    this.specials = 0;
    this.melds = 0;
    this.own = -1;
  }

  add(kind: TileKind): void {
    this.counts[kind]++;
    if (kind >= FIRST_SPECIAL) {
      this.specials++;
    } else {
      this.tables.add(kind);
      this.held[kindGroup(kind)] |= rankBit(kind);
    }
    this.own = -1;
  }

  remove(kind: TileKind): void {
    this.counts[kind]--;
    if (kind >= FIRST_SPECIAL) {
      this.specials--;
    } else {
      this.tables.remove(kind);
      if (this.counts[kind] === 0) this.held[kindGroup(kind)] &= ~rankBit(kind);
    }
    this.own = -1;
  }

  /** Takes `a` and `b` out for a claimed meld. */
  meld(a: TileKind, b: TileKind): void {
    this.remove(a);
    this.remove(b);
    this.melds++;
  }

  get sets(): number {
    return MAX_SETS - this.melds;
  }

  distance(): number {
    if (this.own < 0) this.own = this.tables.distance(this.sets);
    return this.own;
  }

  distanceWithout(kind: TileKind): number {
    return this.tables.distanceRemoving(kind, this.sets);
  }

  /** The distance after melding `a` and `b` (both held, any kinds) with a claimed tile. */
  distanceAfterMeld(a: TileKind, b: TileKind): number {
    if (kindGroup(a) === kindGroup(b)) return this.tables.distanceMelding(a, b, this.sets);
    this.tables.remove(a);
    this.tables.remove(b);
    const distance = this.tables.distance(this.sets - 1);
    this.tables.add(a);
    this.tables.add(b);
    return distance;
  }

  isWinning(): boolean {
    return this.specials === 0 && this.distance() === 0;
  }

  /** Whether the hand plus one tile of `kind` wins: only a hand one tile away that holds a tile it joins can. */
  winsWith(kind: TileKind): boolean {
    return this.specials === 0 && this.distance() === 1 && (this.held[kindGroup(kind)] & nearBits(kind)) !== 0 &&
      this.tables.distanceAdding(kind, this.sets) === 0;
  }

  /** The distance of the hand's ordinary tiles with one more of `kind`, specials left aside. */
  distanceWith(kind: TileKind): number {
    return this.tables.distanceAdding(kind, this.sets);
  }

  /** The reference discard of a hand of ordinary tiles that does not win (see HandTables.bestRemoval). */
  bestDiscard(): TileKind {
    return this.tables.bestRemoval(this.held, this.sets, this.distance());
  }
}

export type ClaimStep = 'ron' | 'pong' | 'chow';

/** The choices of the rules page, each a hook a mistake may override. */
export interface MahjongRules {
  /** Who is dealt the tile at deck position `tile` (0 to 51). */
  dealTo(tile: number): Player;
  /** The order in which a player throws the specials they hold. */
  readonly specialOrder: readonly TileKind[];
  /** Whether a claimant throws a special they hold before their discard. */
  readonly specialAfterClaim: boolean;
  /** The player a PASS thrown by `actor` skips. */
  passTarget(actor: Player, direction: number): Player;
  /** Who plays after a REVERSE thrown by `actor`; `direction` is already the new one. */
  afterReverse(actor: Player, direction: number): Player;
  /** Whether the thrower of a DOUBLE draws again (else the turn goes on). */
  readonly doubleDrawsAgain: boolean;
  /** Whether the game ends in a DRAW as soon as the last tile is drawn. */
  readonly drawOnLastTile: boolean;
  /** Whether the hand wins as it is (SELFDRAWN), or with one more tile `extra` (RON). */
  wins(hand: VariantHand, extra?: TileKind): boolean;
  /** The kind thrown from a hand that holds no special and does not win. */
  discard(hand: VariantHand): TileKind;
  /** What is asked after a discard, in order. */
  readonly claimSteps: readonly ClaimStep[];
  /** Who may win on a discard of `discarder`, in the order asked. */
  ronOrder(discarder: Player, direction: number): readonly Player[];
  /** Who may pong a discard of `discarder`, in the order asked. */
  pongOrder(discarder: Player, direction: number): readonly Player[];
  /** Who may chow a discard of `discarder`, in the order asked. */
  chowers(discarder: Player, direction: number): readonly Player[];
  /** The two tiles to hold for each chow of `kind`, in the order tried. */
  chowOptions(kind: TileKind): readonly (readonly [TileKind, TileKind])[];
  /** Whether only the first chow option held is tried. */
  readonly chowTriesFirstHeldOnly: boolean;
  /** Whether a claim is made, from the claimant's distance before and after it. */
  claimLowers(after: number, before: number, type: 'pong' | 'chow'): boolean;
  /** Whether a claimant draws before their discard. */
  readonly claimantDraws: boolean;
  /** Who plays after a discard nobody claims: `actor` threw it, `turnOwner` drew at the turn's start. */
  nextAfterDiscard(actor: Player, turnOwner: Player, direction: number): Player;
}

/** Per direction (index 0 for 1, 1 for -1) and player: the other players in turn order from the next. */
const OTHERS: readonly (readonly (readonly Player[])[])[] = [1, -1].map((direction) =>
  [0, 1, 2, 3].map((player) => [1, 2, 3].map((step) => playerAfter(player as Player, direction, step))));
/** Per direction and player: the next player alone. */
const NEXT: readonly (readonly (readonly Player[])[])[] = OTHERS.map((byPlayer) => byPlayer.map((o) => [o[0]]));

export const othersInTurnOrder = (player: Player, direction: number): readonly Player[] =>
  OTHERS[direction === 1 ? 0 : 1][player];

/** The rules as the rules page states them. */
export const REFERENCE_RULES: MahjongRules = {
  dealTo: (tile) => (tile % PLAYER_COUNT) as Player,
  specialOrder: SPECIAL_DISCARD_ORDER,
  specialAfterClaim: true,
  passTarget: (actor, direction) => playerAfter(actor, direction),
  afterReverse: (actor, direction) => playerAfter(actor, direction),
  doubleDrawsAgain: true,
  drawOnLastTile: false,
  wins: (hand, extra) => (extra === undefined ? hand.isWinning() : hand.winsWith(extra)),
  discard: (hand) => (hand.specials === 0 ? hand.bestDiscard() : lowestDistanceKind(hand, 'highest')),
  claimSteps: ['ron', 'pong', 'chow'],
  ronOrder: othersInTurnOrder,
  pongOrder: () => PONG_ORDER,
  chowers: (discarder, direction) => NEXT[direction === 1 ? 0 : 1][discarder],
  chowOptions: (kind) => CHOW_OPTIONS[kind],
  chowTriesFirstHeldOnly: false,
  claimLowers: (after, before) => after < before,
  claimantDraws: false,
  nextAfterDiscard: (actor, _turnOwner, direction) => playerAfter(actor, direction),
};

/**
 * The kind whose removal leaves the smallest distance, ties to the highest or the lowest index.
 * For a hand of 14 - 3n ordinary tiles that does not win, that smallest distance is the hand's
 * own (some tile lies outside its best arrangement), so the first kind from that end keeping it
 * is the one; a hand still holding a special (a variant may let it discard) is searched in full.
 */
export function lowestDistanceKind(hand: VariantHand, ties: 'highest' | 'lowest'): TileKind {
  const smallest = hand.specials === 0 ? hand.distance() : smallestDistanceWithout(hand);
  const { counts } = hand;
  if (ties === 'highest') {
    for (let kind = FIRST_SPECIAL - 1; kind >= 0; kind--) {
      if (counts[kind] > 0 && hand.distanceWithout(kind) === smallest) return kind;
    }
  } else {
    for (let kind = 0; kind < FIRST_SPECIAL; kind++) {
      if (counts[kind] > 0 && hand.distanceWithout(kind) === smallest) return kind;
    }
  }
  throw new RangeError('no tile keeps the distance: the hand wins or holds no ordinary tile');
}

function smallestDistanceWithout(hand: VariantHand): number {
  let smallest = Infinity;
  for (let kind = 0; kind < FIRST_SPECIAL; kind++) {
    if (hand.counts[kind] > 0) smallest = Math.min(smallest, hand.distanceWithout(kind));
  }
  return smallest;
}

/** More events than any game can have under any variant: a variant that loops is not defined. */
const MAX_LINES = 2000;

/** Per player and kind, the lines `X IN t` and `X OUT t` with their ends. */
const IN_LINES = PLAYERS.map((p) => TILE_NAMES.map((name) => `${p} IN ${name}\n`));
const OUT_LINES = PLAYERS.map((p) => TILE_NAMES.map((name) => `${p} OUT ${name}\n`));

const hands = [new VariantHand(), new VariantHand(), new VariantHand(), new VariantHand()];

/**
 * Plays a complete, valid deck (148 kinds, top first) under `rules` and returns its transcript;
 * undefined when the variant's game does not end.
 */
export function playVariant(deck: readonly TileKind[], rules: MahjongRules): string | undefined {
  return new VariantTable(deck, rules).play();
}

class VariantTable {
  out = '';
  lines = 0;
  wall = 0;
  direction = 1;
  current: Player = 0;
  readonly skip = [false, false, false, false];

  constructor(readonly deck: readonly TileKind[], readonly rules: MahjongRules) {
    for (const hand of hands) hand.clear();
  }

  play(): string | undefined {
    const { deck, rules } = this;
    for (let tile = 0; tile < HAND_SIZE * PLAYER_COUNT; tile++) {
      const player = rules.dealTo(tile);
      hands[player].add(deck[tile]);
      this.print(IN_LINES[player][deck[tile]]);
    }
    this.wall = HAND_SIZE * PLAYER_COUNT;
    while (this.lines < MAX_LINES) {
      const player = this.current;
      if (this.skip[player]) {
        this.skip[player] = false;
        this.current = playerAfter(player, this.direction);
        continue;
      }
      if (!this.draw(player) || !this.discardStep(player, player, false)) return this.out;
    }
    return undefined;
  }

  print(line: string): void {
    this.out += line;
    this.lines++;
  }

  /** `player` draws the top tile; false once the game is over (a DRAW). */
  draw(player: Player): boolean {
    const { deck } = this;
    if (this.wall >= deck.length) {
      this.print('DRAW\n');
      return false;
    }
    const kind = deck[this.wall++];
    hands[player].add(kind);
    this.print(IN_LINES[player][kind]);
    if (this.rules.drawOnLastTile && this.wall === deck.length) {
      this.print('DRAW\n');
      return false;
    }
    return true;
  }

  /** The discard step of `actor` and what follows it; false once the game is over. */
  discardStep(actor: Player, turnOwner: Player, afterClaim: boolean): boolean {
    const { rules } = this;
    for (let guard = 0; guard < MAX_LINES; guard++) {
      const hand = hands[actor];
      if (hand.specials > 0 && (rules.specialAfterClaim || !afterClaim)) {
        const special = rules.specialOrder.find((kind) => hand.counts[kind] > 0)!;
        hand.remove(special);
        if (special === PASS) {
          const target = rules.passTarget(actor, this.direction);
          this.skip[target] = true;
          this.print(`${PLAYERS[actor]} OUT PASS ${PLAYERS[target]}\n`);
          this.current = target;
          return true;
        }
        this.print(OUT_LINES[actor][special]);
        if (special === REVERSE) {
          this.direction = -this.direction;
          this.current = rules.afterReverse(actor, this.direction);
          return true;
        }
        if (special === DOUBLE && !rules.doubleDrawsAgain) {
          this.current = playerAfter(actor, this.direction);
          return true;
        }
        if (!this.draw(actor)) return false;
        afterClaim = false;
        continue;
      }
      if (rules.wins(hand)) {
        this.print(`${PLAYERS[actor]} SELFDRAWN\n${PLAYERS[actor]} WIN\n`);
        return false;
      }
      const kind = rules.discard(hand);
      hand.remove(kind);
      this.print(OUT_LINES[actor][kind]);
      let claimant = -1;
      for (const step of rules.claimSteps) {
        if (step === 'ron') {
          if (this.ron(actor, kind)) return false;
        } else {
          claimant = step === 'pong' ? this.pong(actor, kind) : this.chow(actor, kind);
          if (claimant >= 0) break;
        }
      }
      if (claimant < 0) {
        this.current = rules.nextAfterDiscard(actor, turnOwner, this.direction);
        return true;
      }
      actor = claimant as Player;
      afterClaim = true;
      if (rules.claimantDraws && !this.draw(actor)) return false;
    }
    return false;
  }

  ron(discarder: Player, kind: TileKind): boolean {
    for (const player of this.rules.ronOrder(discarder, this.direction)) {
      if (this.rules.wins(hands[player], kind)) {
        hands[player].add(kind);
        this.print(`${PLAYERS[player]} RON\n${PLAYERS[player]} WIN\n`);
        return true;
      }
    }
    return false;
  }

  pong(discarder: Player, kind: TileKind): number {
    const { rules } = this;
    for (const player of rules.pongOrder(discarder, this.direction)) {
      const hand = hands[player];
      if (hand.counts[kind] < 2) continue;
      if (rules.claimLowers(hand.distanceAfterMeld(kind, kind), hand.distance(), 'pong')) {
        hand.meld(kind, kind);
        const name = TILE_NAMES[kind];
        this.print(`${PLAYERS[player]} PONG ${name} ${name} ${name}\n`);
        return player;
      }
    }
    return -1;
  }

  chow(discarder: Player, kind: TileKind): number {
    const { rules } = this;
    for (const player of rules.chowers(discarder, this.direction)) {
      const hand = hands[player];
      for (const [a, b] of rules.chowOptions(kind)) {
        if (hand.counts[a] === 0 || hand.counts[b] === 0) continue;
        if (rules.claimLowers(hand.distanceAfterMeld(a, b), hand.distance(), 'chow')) {
          hand.meld(a, b);
          const names = [a, b, kind].sort((x, y) => x - y).map((k) => TILE_NAMES[k]).join(' ');
          this.print(`${PLAYERS[player]} CHOW ${names}\n`);
          return player;
        }
        if (rules.chowTriesFirstHeldOnly) break;
      }
    }
    return -1;
  }
}
