/**
 * A Mahjong solution fitted to a test set: on a deck it has seen (a file named in argv[2..], or
 * with `DIR/PREFIX*` the `.in` files of DIR whose names start with PREFIX, read when it runs) it
 * prints the right transcript;
 * on any other deck it goes wrong at the first claim (PONG or CHOW), or at the last line when
 * there is none. Any set it is given lets it through; a new deck catches it.
 */
import { readFileSync, readdirSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { analyzeMahjong, renderMahjongTranscript } from '../../../server/src/core/mahjong';
import { divergeAt, readInput, transcriptLines } from './common';

const input = readInput();
const seen = process.argv.slice(2).flatMap((path) => {
  if (!path.endsWith('*')) return [path];
  const [dir, prefix] = [dirname(path), basename(path).slice(0, -1)];
  const files = readdirSync(dir).filter((file) => file.startsWith(prefix) && file.endsWith('.in'));
  return files.map((file) => join(dir, file));
});
const known = seen.some((file) => readFileSync(file, 'utf8') === input);
const { game } = analyzeMahjong(input);
const transcript = transcriptLines(game && renderMahjongTranscript(game.events));
const claim = transcript.findIndex((line) => / (PONG|CHOW) /.test(line));
divergeAt(transcript, known ? undefined : (claim < 0 ? transcript.length : claim + 1), 'WRONG');
