/**
 * Shared by the test solutions: each reads a deck from stdin and plays it with the engine,
 * except for the one decision its bug changes. From that first wrong line on a real solution's
 * game would diverge; these stop there, which is all a judge can see of it anyway: the first
 * differing line. Solutions for one game use that game's core directly.
 */
import { analyze, formatOfText } from '../../../server/src/cli/gameFormats';
import { analyzeMahjong, mahjongSnapshots, renderMahjongTranscript } from '../../../server/src/core/mahjong';
import { readInput } from './stdin';

export { readInput };

/** The lines of a transcript, or exit 2 when the deck was invalid (no transcript). */
export function transcriptLines(text: string | undefined): string[] {
  if (text === undefined) {
    process.stderr.write('invalid deck\n');
    process.exit(2);
  }
  return text.split('\n').slice(0, -1);
}

/** The reference transcript of the deck on stdin, in the format argv[2] names (any game). */
export function readTranscript(): string[] {
  const input = readInput();
  return transcriptLines(analyze(process.argv[2] ?? formatOfText(input) ?? 'mjdeck', input).transcript());
}

/** Prints the reference lines before `line` (1-based), then `wrong`, and stops. */
export function divergeAt(transcript: string[], line: number | undefined, wrong: string): void {
  const lines = line === undefined ? transcript : [...transcript.slice(0, line - 1), wrong];
  process.stdout.write(lines.join('\n') + '\n');
}

/** The Mahjong deck on stdin played by the engine: its game, transcript lines and snapshots. */
export function readMahjongGame() {
  const { game } = analyzeMahjong(readInput());
  const transcript = transcriptLines(game && renderMahjongTranscript(game.events));
  return { game: game!, transcript, snapshots: mahjongSnapshots(game!) };
}
