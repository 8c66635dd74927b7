/**
 * The replay of a deck: a JSON-friendly description of the table after every event, built from
 * the engine's game. Transport-free (the language server serves it as `deckSim/replay`), and
 * the replay view only draws what it is given: every rule of the games stays here.
 *
 * A Mahjong game has a few hundred events and is sent whole. A ⑨ game can have half a million
 * events, so its frames come in pages, computed on demand from checkpoints every 1,024 events.
 */
import type { Position } from '../core/common/problem';
import { CIRNO_CARDS, cirnoCardAt, type CirnoAnalysis, type CirnoEvent, type CirnoGame } from '../core/cirno';
import type { DeckAnalysis } from '../core/deck';
import {
  PLAYERS, TILE_NAMES, describeKind, eventTiles, mahjongSnapshots, tileFates, transcriptLine,
  type MahjongAnalysis, type MahjongGame,
} from '../core/mahjong';
import type {
  CirnoCardView, CirnoFrame, MahjongFrame, ReplayData, ReplayFrame, ReplayPicture, ReplayResponse, ReplayTarget,
} from '../protocol/replay';
import { cirnoCardSvg, svgDataUri, tileSvg } from './pictures';
import { deckOutcome, skippedReason } from './summary';

// The data types are the protocol's: server/src/protocol/replay.ts.

/** Frames per page of a ⑨ replay: at most 500, fewer with many players (some 300 KB of JSON a page). */
export function cirnoPageSize(players: number): number {
  return Math.max(50, Math.min(500, Math.floor(4000 / Math.max(1, players))));
}
/** A ⑨ checkpoint every this many events. */
const CHECKPOINT_EVERY = 1024;

// ---------------------------------------------------------------------------------------
// Entry points

export interface ReplaySource {
  uri: string;
  version: number;
}

function fileName(uri: string): string {
  return decodeURIComponent(uri.slice(uri.lastIndexOf('/') + 1));
}

/** The replay of an analysed deck, or why there is none. */
export function buildReplay(analysis: DeckAnalysis, source: ReplaySource): ReplayResponse {
  const { uri, version } = source;
  const model = modelOf(analysis);
  if (!model) return { kind: 'unavailable', uri, version, reason: skippedReason(analysis.problems) };
  const title = `${fileName(uri)}: ${deckOutcome(analysis)}`;
  return model.data({ uri, version, title });
}

/** Frames `from` to `from + count - 1` (clipped to the game); empty for a deck with errors. */
export function replayFrames(analysis: DeckAnalysis, from: number, count: number): ReplayFrame[] {
  const model = modelOf(analysis);
  if (!model) return [];
  const start = Math.max(0, Math.floor(from));
  const end = Math.min(model.stepCount, start + Math.max(0, Math.floor(count)));
  return start < end ? model.frames(start, end) : [];
}

/** Where the cursor at `position` leads; null off tiles and cards, or for a deck with errors. */
export function replayTarget(analysis: DeckAnalysis, position: Position): ReplayTarget | null {
  return modelOf(analysis)?.target(position) ?? null;
}

interface ReplayModel {
  stepCount: number;
  data(common: { uri: string; version: number; title: string }): ReplayData;
  frames(from: number, to: number): ReplayFrame[];
  target(position: Position): ReplayTarget | null;
}

/** One model per analysis (so per document version): pages and targets share its work. */
const models = new WeakMap<DeckAnalysis, ReplayModel | null>();

function modelOf(analysis: DeckAnalysis): ReplayModel | undefined {
  let model = models.get(analysis);
  if (model === undefined) {
    model = analysis.language === 'mjdeck' ? mahjongModel(analysis.mahjong) : cirnoModel(analysis.cirno);
    models.set(analysis, model);
  }
  return model ?? undefined;
}

// ---------------------------------------------------------------------------------------
// Mahjong

/** Every frame of a Mahjong game: snapshot i is the state after event i. */
export function mahjongFrames(game: MahjongGame): MahjongFrame[] {
  const snapshots = mahjongSnapshots(game);
  const byKind = (a: number, b: number) => game.deck[a] - game.deck[b] || a - b;
  let winner: number | undefined;
  return game.events.map((event, i) => {
    const snapshot = snapshots[i];
    if (event.type === 'ron' || event.type === 'selfdrawn' || event.type === 'win') winner = event.player;
    const fresh = event.type === 'draw' ? event.tile : undefined;
    const hands = snapshot.hands.map((hand) => {
      const sorted = hand.filter((tile) => tile !== fresh).sort(byKind);
      return sorted.length < hand.length ? [...sorted, fresh!] : sorted;
    });
    const frame: MahjongFrame = {
      caption: transcriptLine(event),
      hands,
      melds: snapshot.melds.map((melds) => melds.map((meld) => ({ ...meld, tiles: [...meld.tiles] }))),
      discards: snapshot.discards,
      wall: snapshot.wall,
      direction: snapshot.direction,
      moved: [...eventTiles(event)],
    };
    if (snapshot.actor !== undefined) frame.actor = snapshot.actor;
    if (fresh !== undefined) frame.fresh = fresh;
    if (winner !== undefined) frame.winner = winner;
    return frame;
  });
}

/** Per document line, where the cursor on it leads: the event that deals or draws its tile. */
export function mahjongLineTargets(analysis: MahjongAnalysis, game: MahjongGame): (ReplayTarget | null)[] {
  const targets: (ReplayTarget | null)[] = analysis.deck.lines.map(() => null);
  const fates = tileFates(game);
  analysis.deck.tiles.forEach((tile, position) => {
    const fate = fates[position];
    if (!fate) return;
    targets[tile.token.line] = fate.received
      ? { step: fate.received.event, focus: position }
      : { focus: position, note: `Tile ${position + 1} (${TILE_NAMES[game.deck[position]]}) is never drawn: the game ends first.` };
  });
  return targets;
}

function mahjongModel(analysis: MahjongAnalysis): ReplayModel | null {
  const game = analysis.game;
  if (!game) return null;
  let frames: MahjongFrame[] | undefined;
  let lineTargets: (ReplayTarget | null)[] | undefined;
  const allFrames = () => (frames ??= mahjongFrames(game));
  const targets = () => (lineTargets ??= mahjongLineTargets(analysis, game));
  return {
    stepCount: game.events.length,
    data: (common) => {
      const pictures: Record<string, ReplayPicture> = {};
      for (const kind of new Set(game.deck)) {
        pictures[TILE_NAMES[kind]] = { uri: svgDataUri(tileSvg(kind)), label: `${TILE_NAMES[kind]}, ${describeKind(kind).split(':')[0]}` };
      }
      return {
        kind: 'mahjong',
        ...common,
        players: [...PLAYERS],
        stepCount: game.events.length,
        pageSize: Math.max(1, game.events.length),
        pictures,
        lineTargets: targets(),
        tiles: game.deck.map((kind) => TILE_NAMES[kind]),
        frames: allFrames(),
      };
    },
    frames: (from, to) => allFrames().slice(from, to),
    target: (position) => targets()[position.line] ?? null,
  };
}

// ---------------------------------------------------------------------------------------
// ⑨

/** The ⑨ table between events: what a checkpoint keeps. */
interface CirnoState {
  /** Card id per hand slot (3 per player), -1 for an empty slot. */
  hands: Int32Array;
  round: number;
  p: number;
  direction: 1 | -1;
  toMove: number;
  doubled: boolean;
  losses: Int32Array;
  pileTop: number;
}

function copyState(s: CirnoState): CirnoState {
  return { ...s, hands: s.hands.slice(), losses: s.losses.slice() };
}

const ESCAPES = new Set(['PASS', 'TURN', 'DOUBLE']);

class CirnoReplayer {
  private readonly n: number;
  /** checkpoints[c] is the state before event c × CHECKPOINT_EVERY. */
  private readonly checkpoints: CirnoState[];

  constructor(private readonly game: CirnoGame) {
    this.n = game.players.length;
    const hands = new Int32Array(3 * this.n);
    for (let id = 0; id < hands.length; id++) hands[id] = id;
    this.checkpoints = [{ hands, round: 0, p: 0, direction: 1, toMove: -1, doubled: false, losses: new Int32Array(this.n), pileTop: 0 }];
  }

  cardName(id: number): string {
    return CIRNO_CARDS[this.game.kinds[id]];
  }

  /** Frames for events from..to-1. */
  frames(from: number, to: number): CirnoFrame[] {
    let c = Math.floor(from / CHECKPOINT_EVERY);
    // Walk to the checkpoint we need, keeping the ones we pass.
    while (this.checkpoints.length <= c) {
      const last = this.checkpoints.length - 1;
      const state = copyState(this.checkpoints[last]);
      for (let i = last * CHECKPOINT_EVERY; i < (last + 1) * CHECKPOINT_EVERY; i++) this.apply(state, this.game.event(i));
      this.checkpoints.push(state);
    }
    c = Math.min(c, this.checkpoints.length - 1);
    const state = copyState(this.checkpoints[c]);
    const frames: CirnoFrame[] = [];
    for (let i = c * CHECKPOINT_EVERY; i < to; i++) {
      const event = this.game.event(i);
      this.apply(state, event);
      if (i >= from) frames.push(this.frame(state, event));
    }
    return frames;
  }

  private next(player: number, direction: number): number {
    return (player + direction + this.n) % this.n;
  }

  private apply(state: CirnoState, event: CirnoEvent): void {
    switch (event.kind) {
      case 'roundStart':
        state.round = event.round;
        state.p = 0;
        state.direction = 1;
        state.toMove = event.starter;
        state.doubled = false;
        break;
      case 'play': {
        const id = this.game.cardId(event.source);
        const base = 3 * event.player;
        for (let s = 0; s < 3; s++) if (state.hands[base + s] === id) state.hands[base + s] = -1;
        state.p = event.pAfter;
        if (!ESCAPES.has(event.card)) {
          // A doubled player's normal card clears the mark and she plays again.
          state.toMove = event.doubled ? event.player : this.next(event.player, state.direction);
          state.doubled = false;
        } else {
          if (event.card === 'TURN') state.direction = state.direction === 1 ? -1 : 1;
          state.doubled = event.doubled || event.card === 'DOUBLE';
          state.toMove = this.next(event.player, state.direction);
        }
        break;
      }
      case 'draw': {
        const base = 3 * event.player;
        const slot = [0, 1, 2].find((s) => state.hands[base + s] === -1);
        if (slot !== undefined) state.hands[base + slot] = 3 * this.n + event.pileIndex;
        state.pileTop = event.pileIndex + 1;
        break;
      }
      case 'lose': {
        state.hands.fill(-1, 3 * event.player, 3 * event.player + 3);
        state.losses[event.player]++;
        state.toMove = -1;
        state.doubled = false;
        break;
      }
    }
  }

  private frame(state: CirnoState, event: CirnoEvent): CirnoFrame {
    const names = this.game.players;
    const hands: CirnoCardView[][] = [];
    for (let player = 0; player < this.n; player++) {
      const hand: CirnoCardView[] = [];
      for (let s = 0; s < 3; s++) {
        const id = state.hands[3 * player + s];
        if (id >= 0) hand.push({ card: this.cardName(id), id });
      }
      hands.push(hand);
    }
    const frame: CirnoFrame = {
      caption: '',
      round: state.round,
      p: state.p,
      direction: state.direction,
      hands,
      losses: Array.from(state.losses),
      pileLeft: this.game.pileSize - state.pileTop,
    };
    if (state.toMove >= 0) {
      frame.toMove = state.toMove;
      if (state.doubled) frame.doubled = state.toMove;
    }
    switch (event.kind) {
      case 'roundStart':
        frame.caption = `Round ${event.round}:`;
        frame.actor = event.starter;
        break;
      case 'play':
        frame.caption = `${names[event.player]} used ${event.card},now p=${event.pAfter}.`;
        frame.actor = event.player;
        frame.played = { player: event.player, card: event.card, id: this.game.cardId(event.source), doubled: event.doubled };
        break;
      case 'draw': {
        const id = 3 * this.n + event.pileIndex;
        frame.caption = `${names[event.player]} draws ${this.cardName(id)} (pile card ${event.pileIndex + 1} of ${this.game.pileSize})`
          + (event.afterLoss ? ' for a new hand' : '');
        frame.actor = event.player;
        frame.drawn = id;
        break;
      }
      case 'lose':
        frame.caption = `${names[event.player]} lost the game.`;
        frame.actor = event.player;
        frame.loser = event.player;
        frame.dropped = event.dropped.map((held) => ({ card: held.card, id: this.game.cardId(held.source) }));
        break;
    }
    return frame;
  }
}

function cirnoModel(analysis: CirnoAnalysis): ReplayModel | null {
  const { game, deck } = analysis;
  if (!game || !deck) return null;
  const replayer = new CirnoReplayer(game);
  const stepCount = game.eventCount;
  return {
    stepCount,
    data: (common) => {
      const pictures: Record<string, ReplayPicture> = {};
      for (const card of CIRNO_CARDS) pictures[card] = { uri: svgDataUri(cirnoCardSvg(card)), label: `${card} card` };
      const pageSize = Math.min(cirnoPageSize(game.players.length), Math.max(1, stepCount));
      return {
        kind: 'cirno',
        ...common,
        players: [...game.players],
        stepCount,
        pageSize,
        pictures,
        rounds: game.rounds,
        pileSize: game.pileSize,
        frames: replayer.frames(0, Math.min(pageSize, stepCount)),
      };
    },
    frames: (from, to) => replayer.frames(from, to),
    target: (position) => {
      const source = cirnoCardAt(deck, position);
      if (!source) return null;
      const id = game.cardId(source);
      const name = replayer.cardName(id);
      if (source.from === 'pile') {
        const drawn = game.pileDrawEvent[source.index] ?? -1;
        return drawn >= 0
          ? { step: drawn, focus: id }
          : { focus: id, note: `Pile card ${source.index + 1} (${name}) is never drawn.` };
      }
      const left = game.leaveEvent[id] ?? -1;
      if (left >= 0) return { step: left, focus: id };
      return { step: stepCount - 1, focus: id, note: `${game.players[source.player]}'s ${name} is still in her hand at the end.` };
    },
  };
}
