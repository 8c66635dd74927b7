/** A Mahjong solution that never pongs or chows: it differs at the first claim. */
import { divergeAt, readDeck } from './common';

const { transcript } = readDeck();
const first = transcript.findIndex((line) => / (PONG|CHOW) /.test(line));
divergeAt(transcript, first < 0 ? undefined : first + 1, 'DRAW');
