/** What a hover on a `.mjdeck` line says: the tile, who gets it and what becomes of it. */
import type { Position } from '../../core/problem';
import {
  DECK_SIZE, PLAYERS, TILE_NAMES, countKinds, describeKind, mahjongDecisions, mahjongSnapshots, tileFates,
  winningDistance,
  type MahjongAnalysis, type MahjongEvent, type MahjongGame, type MahjongSnapshot, type TileFate,
} from '../../core/mahjong';
import { escapeMarkdown } from '../markdown';
import { markdownPicture, pictureRow } from '../pictures/svg';
import { skippedReason } from '../summary';
import { tileSvg } from './tilePictures';
import { discardWhy } from './why';

/** Height of the tiles in a hand's picture, in pixels. */
const HAND_PICTURE_HEIGHT = 32;

const ORDINAL_SUFFIX = ['th', 'st', 'nd', 'rd'];

function ordinal(n: number): string {
  const tens = n % 100;
  return `${n}${tens >= 11 && tens <= 13 ? 'th' : ORDINAL_SUFFIX[n % 10] ?? 'th'}`;
}

/** What an event did to the tile, in words; undefined for the tile's own arrival. */
function eventPhrase(event: MahjongEvent, tile: number): string | undefined {
  switch (event.type) {
    case 'discard':
      return event.passTarget === undefined
        ? `discarded by ${PLAYERS[event.player]}`
        : `discarded by ${PLAYERS[event.player]}, skipping ${PLAYERS[event.passTarget]}`;
    case 'pong':
    case 'chow': {
      const verb = event.type === 'pong' ? 'ponged' : 'chowed';
      return event.claimed === tile
        ? `${verb} by ${PLAYERS[event.player]} from ${PLAYERS[event.from]}'s discard`
        : `${verb} by ${PLAYERS[event.player]} from the hand`;
    }
    case 'ron':
      return `the tile ${PLAYERS[event.player]} won on (RON, from ${PLAYERS[event.from]})`;
    case 'selfdrawn':
      return `the tile ${PLAYERS[event.player]} won on (SELFDRAWN)`;
    default:
      return undefined;
  }
}

function endPhrase(fate: TileFate): string | undefined {
  const end = fate.end;
  switch (end.where) {
    case 'hand':
      return `still in ${PLAYERS[end.player]}'s hand at the end`;
    case 'discards':
      return `lies in ${PLAYERS[end.player]}'s discards at the end`;
    default:
      return undefined;
  }
}

/** The event in which the tile leaves a concealed hand (discarded, or melded from the hand). */
function leavingEvent(game: MahjongGame, fate: TileFate): number | undefined {
  return fate.events.find((i) => {
    const event = game.events[i];
    return (event.type === 'discard' && event.tile === fate.tile)
      || ((event.type === 'pong' || event.type === 'chow') && event.claimed !== fate.tile);
  });
}

/** The hand a tile leaves, as it was just before, with its melds and winning distance. */
function handWhenLeaving(
  game: MahjongGame, snapshots: readonly MahjongSnapshot[], eventIndex: number, pictures: boolean,
): string {
  const event = game.events[eventIndex] as { player: number };
  const before = snapshots[eventIndex - 1];
  const hand = before.hands[event.player].map((t) => game.deck[t]).sort((a, b) => a - b);
  const melds = before.melds[event.player];
  const distance = winningDistance(countKinds(hand), melds.length);
  const names = (kinds: readonly number[]) => kinds.map((k) => TILE_NAMES[k]).join(' ');
  const meldText = melds.length === 0
    ? 'no melds'
    : melds.map((m) => names(m.tiles.map((t) => game.deck[t]))).join(' · ');
  const text = `${PLAYERS[event.player]}'s hand then: \`${names(hand)}\` · ${meldText} · winning distance ${distance}`;
  if (!pictures) return text;
  const meldKinds = melds.map((m) => m.tiles.map((t) => game.deck[t]));
  const row = pictureRow([hand, ...meldKinds].map((group) => group.map(tileSvg)), HAND_PICTURE_HEIGHT);
  return `${text}\n\n${markdownPicture(`${PLAYERS[event.player]}'s hand`, row)}`;
}

/** The tile line under `position`, as Markdown; undefined off tile lines. */
export function mahjongHover(
  analysis: MahjongAnalysis, position: Position, pictures = false,
): string | undefined {
  const index = analysis.deck.tiles.findIndex((t) => t.token.line === position.line);
  if (index < 0) return undefined;
  const { kind, token } = analysis.deck.tiles[index];
  const place = `tile ${index + 1} of ${DECK_SIZE}`;
  if (kind === undefined) return `**${escapeMarkdown(token.text)}** is not a tile · ${place}`;
  const lines = [`**${TILE_NAMES[kind]}** — ${describeKind(kind)} · ${place}`];
  if (pictures) lines.unshift(markdownPicture(TILE_NAMES[kind], tileSvg(kind)));
  const game = analysis.game;
  if (!game) {
    lines.push(`No simulation: ${escapeMarkdown(skippedReason(analysis.problems))}`);
    return lines.join('\n\n');
  }
  if (index >= game.deck.length) return lines.join('\n\n');
  const fate = tileFates(game)[index];
  const received = fate.received;
  if (!received) {
    lines.push(`- never drawn: the game ended first (${game.tilesDrawn} of ${DECK_SIZE} tiles left the wall)`);
    return lines.join('\n\n');
  }
  const who = PLAYERS[received.player];
  const line = received.event + 1;
  const steps = [
    received.how === 'deal'
      ? `dealt to ${who} (the ${ordinal(received.dealSlot!)} tile of ${who}'s starting hand) · transcript line ${line}`
      : `drawn by ${who} on turn ${received.turn} · transcript line ${line}`,
  ];
  for (const eventIndex of fate.events) {
    const phrase = eventPhrase(game.events[eventIndex], index);
    if (phrase) steps.push(`${phrase} · transcript line ${eventIndex + 1}`);
  }
  const end = endPhrase(fate);
  if (end) steps.push(end);
  lines.push(steps.map((s) => `- ${s}`).join('\n'));
  const leaving = leavingEvent(game, fate);
  if (leaving !== undefined && leaving > 0) {
    lines.push(handWhenLeaving(game, mahjongSnapshots(game), leaving, pictures));
  }
  const discard = fate.events.find((i) => {
    const event = game.events[i];
    return event.type === 'discard' && event.tile === index;
  });
  const why = discard === undefined ? undefined : discardWhy(mahjongDecisions(game)[discard], discard + 1);
  if (why) lines.push(why);
  return lines.join('\n\n');
}
