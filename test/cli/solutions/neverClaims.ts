/**
 * A Mahjong solution that never pongs or chows: it differs at the first claim. With argv[3], a
 * file: once that exists it hangs instead, so a stress test's shrinking never ends.
 */
import { existsSync } from 'node:fs';
import { divergeAt, readTranscript } from './common';

if (process.argv[3] !== undefined && existsSync(process.argv[3])) {
  setInterval(() => undefined, 60_000);
} else {
  const transcript = readTranscript();
  const first = transcript.findIndex((line) => / (PONG|CHOW) /.test(line));
  divergeAt(transcript, first < 0 ? undefined : first + 1, 'DRAW');
}
