/** Who gets each tile, at the end of its line. */
import { PLAYERS, tileFates, type MahjongAnalysis } from '../../core/mahjong';
import type { DeckInlayHint } from '../gameService';

export function mahjongInlayHints(
  analysis: MahjongAnalysis, fromLine: number, toLine: number,
): DeckInlayHint[] {
  if (!analysis.game) return [];
  const fates = tileFates(analysis.game);
  const hints: DeckInlayHint[] = [];
  analysis.deck.tiles.forEach(({ token }, index) => {
    if (token.line < fromLine || token.line > toLine) return;
    const received = fates[index].received;
    const position = { line: token.line, character: analysis.deck.lines[token.line].length };
    if (!received) {
      hints.push({ position, label: ' — not drawn', tooltip: 'The game ends before this tile is drawn.' });
      return;
    }
    const who = PLAYERS[received.player];
    hints.push(received.how === 'deal'
      ? { position, label: ` → ${who} (deal)`, tooltip: `Dealt to ${who} · transcript line ${received.event + 1}` }
      : {
        position, label: ` → ${who}`,
        tooltip: `Drawn by ${who} on turn ${received.turn} · transcript line ${received.event + 1}`,
      });
  });
  return hints;
}
