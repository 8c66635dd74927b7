/** A Cirno solution whose D2 rounds toward zero (-3 → -1): it differs at the first D2 on a negative odd p. */
import { analyzeCirno, renderCirnoTranscript } from '../../../server/src/core/cirno';
import { divergeAt, readInput, transcriptLines } from './common';

const analysis = analyzeCirno(readInput());
const transcript = transcriptLines(analysis.game && renderCirnoTranscript(analysis.game));
const game = analysis.game!;
const wrong = game.events.find((e) => e.kind === 'play' && e.card === 'D2' && e.pBefore < 0 && e.pBefore % 2 !== 0);
if (wrong?.kind === 'play') {
  divergeAt(transcript, wrong.line, `${game.players[wrong.player]} used D2,now p=${Math.trunc(wrong.pBefore / 2)}.`);
} else {
  divergeAt(transcript, undefined, '');
}
