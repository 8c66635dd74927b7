/** A Cirno solution whose D2 rounds toward zero (-3 → -1): it differs at the first D2 on a negative odd p. */
import { divergeAt, readDeck } from './common';

const { analysis, transcript } = readDeck();
if (analysis.language !== 'cirnodeck') throw new Error('a Cirno solution');
const game = analysis.cirno.game!;
const wrong = game.events.find((e) => e.kind === 'play' && e.card === 'D2' && e.pBefore < 0 && e.pBefore % 2 !== 0);
if (wrong?.kind === 'play') {
  divergeAt(transcript, wrong.line, `${game.players[wrong.player]} used D2,now p=${Math.trunc(wrong.pBefore / 2)}.`);
} else {
  divergeAt(transcript, undefined, '');
}
