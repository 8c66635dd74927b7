/**
 * The ⑨ replay, built from core's states and transcript lines: this file knows no rule. A game
 * can have half a million events, so frames come in pages, from core's checkpoints.
 */
import type { Position } from '../../core/problem';
import {
  CIRNO_CARDS, cirnoCardAt, cirnoDecision, cirnoEventLine, cirnoStates,
  type CirnoDeck, type CirnoEvent, type CirnoGame, type CirnoState,
} from '../../core/cirno';
import type { CirnoFrame, ReplayPicture, ReplayTarget } from '../../protocol/replay';
import { svgDataUri } from '../pictures/svg';
import type { GameReplay } from '../gameService';
import { cirnoCardSvg } from './cardPictures';
import { cirnoWhy } from './why';

/** Frames per page: at most 500, fewer with many players (some 300 KB of JSON a page). */
export function cirnoPageSize(players: number): number {
  return Math.max(50, Math.min(500, Math.floor(4000 / Math.max(1, players))));
}

/** A draw has no transcript line: the replay says it in words. */
function drawCaption(game: CirnoGame, event: Extract<CirnoEvent, { kind: 'draw' }>): string {
  const card = game.cardName(3 * game.players.length + event.pileIndex);
  const where = `pile card ${event.pileIndex + 1} of ${game.pileSize}`;
  return `${game.players[event.player]} draws ${card} (${where})${event.afterLoss ? ' for a new hand' : ''}`;
}

/** The frame of event `index`, the table being `state` after it. */
function frameOf(game: CirnoGame, index: number, state: CirnoState): CirnoFrame {
  const event = game.event(index);
  const frame: CirnoFrame = {
    caption: cirnoEventLine(game, index) ?? (event.kind === 'draw' ? drawCaption(game, event) : ''),
    round: state.round,
    actor: event.kind === 'roundStart' ? event.starter : event.player,
    p: state.p,
    direction: state.direction,
    hands: state.hands.map((hand) => hand.map((id) => ({ card: game.cardName(id), id }))),
    losses: state.losses,
    pileLeft: state.pileLeft,
  };
  const decision = event.kind === 'play' || event.kind === 'lose' ? cirnoDecision(game, index) : undefined;
  if (decision) frame.why = cirnoWhy(decision, game.players);
  if (state.toMove !== undefined) {
    frame.toMove = state.toMove;
    if (state.doubled) frame.doubled = state.toMove;
  }
  switch (event.kind) {
    case 'play':
      frame.played = { player: event.player, card: event.card, id: game.cardId(event.source), doubled: event.doubled };
      break;
    case 'draw':
      frame.drawn = 3 * game.players.length + event.pileIndex;
      break;
    case 'lose':
      frame.loser = event.player;
      frame.dropped = event.dropped.map((held) => ({ card: held.card, id: game.cardId(held.source) }));
      break;
  }
  return frame;
}

function frames(game: CirnoGame, from: number, to: number): CirnoFrame[] {
  const out: CirnoFrame[] = [];
  let index = from;
  for (const state of cirnoStates(game, from, to)) out.push(frameOf(game, index++, state));
  return out;
}

/** Where the cursor on a card leads: the step it is drawn or leaves a hand. */
function target(deck: CirnoDeck, game: CirnoGame, position: Position): ReplayTarget | null {
  const source = cirnoCardAt(deck, position);
  if (!source) return null;
  const id = game.cardId(source);
  const name = game.cardName(id);
  if (source.from === 'pile') {
    const drawn = game.pileDrawEvent[source.index] ?? -1;
    if (drawn >= 0) return { step: drawn, focus: id };
    return { focus: id, note: `Pile card ${source.index + 1} (${name}) is never drawn.` };
  }
  const left = game.leaveEvent[id] ?? -1;
  if (left >= 0) return { step: left, focus: id };
  const note = `${game.players[source.player]}'s ${name} is still in her hand at the end.`;
  return { step: game.eventCount - 1, focus: id, note };
}

export function cirnoGameReplay(deck: CirnoDeck, game: CirnoGame): GameReplay {
  const stepCount = game.eventCount;
  const pageSize = Math.min(cirnoPageSize(game.players.length), Math.max(1, stepCount));
  return {
    stepCount,
    pageSize,
    data: (common, options) => {
      const pictures: Record<string, ReplayPicture> = {};
      for (const card of options.pictures ? CIRNO_CARDS : []) {
        pictures[card] = { uri: svgDataUri(cirnoCardSvg(card)), label: `${card} card` };
      }
      return {
        kind: 'cirno',
        ...common,
        players: [...game.players],
        stepCount,
        pageSize,
        pictures,
        rounds: game.rounds,
        pileSize: game.pileSize,
        frames: frames(game, 0, pageSize),
      };
    },
    frames: (from, to) => frames(game, from, to),
    target: (position) => target(deck, game, position),
  };
}
