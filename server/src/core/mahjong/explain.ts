/**
 * The records of `deck-sim explain --json`: one object per transcript line, tiles named as in
 * the transcript ("3M") and players "A".."D". Key order is part of the format (people diff it).
 */
import { mahjongDecisions, type MahjongDecision, type SpecialEffect } from './decisions';
import type { MahjongGame } from './events';
import { PLAYERS, TILE_NAMES, type Player } from './tiles';
import { transcriptLine } from './transcript';

type PlayerName = (typeof PLAYERS)[number];

export interface MahjongExplainRecord {
  /** 1-based transcript line number. */
  line: number;
  /** The transcript line. */
  text: string;
  /** On a non-special discard `X OUT t`. */
  discard?: { player: PlayerName; candidates: { tile: string; distance: number }[]; chosen: string };
  /** On a non-special discard: every player whose hand plus t wins, in the order asked. */
  ron?: { player: PlayerName; won: boolean }[];
  /** On a non-special discard: every pong and chow considered, in the order the rules ask. */
  claims?: {
    player: PlayerName; type: 'pong' | 'chow'; tiles: string[]; before: number; after: number; taken: boolean;
  }[];
  /** On a special discard: the specials held, in the order they are thrown, and the effect. */
  special?: { player: PlayerName; held: string[]; chosen: string; effect: SpecialEffectRecord };
  /** On `X SELFDRAWN`. */
  selfdrawn?: { player: PlayerName };
  /** On the first line after a turn skipped by PASS (the skipped turn prints nothing). */
  skipped?: { player: PlayerName; by: PlayerName };
}

export type SpecialEffectRecord =
  | { type: 'pass'; skipped: PlayerName }
  | { type: 'reverse'; direction: 'forward' | 'backward'; next: PlayerName }
  | { type: 'double'; extraDraw: boolean };

const name = (player: Player): PlayerName => PLAYERS[player];

function effectRecord(effect: SpecialEffect): SpecialEffectRecord {
  switch (effect.type) {
    case 'pass':
      return { type: 'pass', skipped: name(effect.skipped) };
    case 'reverse':
      return { type: 'reverse', direction: effect.direction === 1 ? 'forward' : 'backward', next: name(effect.next) };
    case 'double':
      return { type: 'double', extraDraw: effect.extraDraw };
  }
}

function decisionFields(decision: MahjongDecision): Omit<MahjongExplainRecord, 'line' | 'text'> {
  switch (decision.type) {
    case 'discard':
      return {
        discard: {
          player: name(decision.player),
          candidates: decision.candidates.map((c) => ({ tile: TILE_NAMES[c.kind], distance: c.distance })),
          chosen: TILE_NAMES[decision.chosen],
        },
        ron: decision.ron.map((r) => ({ player: name(r.player), won: r.won })),
        claims: decision.claims.map((c) => ({
          player: name(c.player),
          type: c.type,
          tiles: c.kinds.map((kind) => TILE_NAMES[kind]),
          before: c.before,
          after: c.after,
          taken: c.taken,
        })),
      };
    case 'special':
      return {
        special: {
          player: name(decision.player),
          held: decision.held.map((kind) => TILE_NAMES[kind]),
          chosen: TILE_NAMES[decision.chosen],
          effect: effectRecord(decision.effect),
        },
      };
    case 'selfdrawn':
      return { selfdrawn: { player: name(decision.player) } };
    case 'skippedTurn':
      return { skipped: { player: name(decision.player), by: name(decision.passedBy) } };
  }
}

/** One record per transcript line, in transcript order. */
export function mahjongExplainRecords(game: MahjongGame): MahjongExplainRecord[] {
  const decisions = mahjongDecisions(game);
  return game.events.map((event, i) => {
    const decision = decisions[i];
    const record: MahjongExplainRecord = { line: i + 1, text: transcriptLine(event) };
    return decision ? { ...record, ...decisionFields(decision) } : record;
  });
}
