/**
 * The ⑨ replay. A game can have half a million events, so its frames come in pages, computed
 * on demand from checkpoints every 1,024 events.
 */
import type { Position } from '../../core/common/problem';
import { CIRNO_CARDS, cirnoCardAt, type CirnoDeck, type CirnoEvent, type CirnoGame } from '../../core/cirno';
import type { CirnoCardView, CirnoFrame, ReplayPicture } from '../../protocol/replay';
import { svgDataUri } from '../pictures/svg';
import type { ReplayModel } from '../service';
import { cirnoCardSvg } from './cardPictures';

/** Frames per page of a ⑨ replay: at most 500, fewer with many players (some 300 KB of JSON a page). */
export function cirnoPageSize(players: number): number {
  return Math.max(50, Math.min(500, Math.floor(4000 / Math.max(1, players))));
}
/** A ⑨ checkpoint every this many events. */
const CHECKPOINT_EVERY = 1024;

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

export function cirnoReplayModel(deck: CirnoDeck, game: CirnoGame): ReplayModel {
  const replayer = new CirnoReplayer(game);
  const stepCount = game.eventCount;
  const pageSize = Math.min(cirnoPageSize(game.players.length), Math.max(1, stepCount));
  return {
    stepCount,
    pageSize,
    data: (common) => {
      const pictures: Record<string, ReplayPicture> = {};
      for (const card of CIRNO_CARDS) pictures[card] = { uri: svgDataUri(cirnoCardSvg(card)), label: `${card} card` };
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
    target: (position: Position) => {
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
