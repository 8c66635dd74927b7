/** A Mahjong solution that never pongs or chows: it differs at the first claim. */
import { divergeAt, readTranscript } from './common';

const transcript = readTranscript();
const first = transcript.findIndex((line) => / (PONG|CHOW) /.test(line));
divergeAt(transcript, first < 0 ? undefined : first + 1, 'DRAW');
