/**
 * Shared by the test solutions: each reads a deck from stdin (argv[2] names the format) and
 * plays it with the engine, except for the one decision its bug changes. From that first
 * wrong line on a real solution's game would diverge; these stop there, which is all a judge
 * can see of it anyway: the first differing line.
 */
import { readFileSync } from 'node:fs';
import { analyze, referenceTranscript, type DeckAnalysis, type DeckFormat } from '../../../server/src/cli/decks';

export function readDeck(): { analysis: DeckAnalysis; transcript: string[] } {
  const format = (process.argv[2] ?? 'mjdeck') as DeckFormat;
  const analysis = analyze(format, readFileSync(0, 'utf8'));
  const text = referenceTranscript(analysis);
  if (text === undefined) {
    process.stderr.write('invalid deck\n');
    process.exit(2);
  }
  return { analysis, transcript: text.split('\n').slice(0, -1) };
}

/** Prints the reference lines before `line` (1-based), then `wrong`, and stops. */
export function divergeAt(transcript: string[], line: number | undefined, wrong: string): void {
  const lines = line === undefined ? transcript : [...transcript.slice(0, line - 1), wrong];
  process.stdout.write(lines.join('\n') + '\n');
}
