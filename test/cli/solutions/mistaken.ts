/**
 * A solution making one of the catalogue's mistakes throughout: the whole transcript of the
 * mistake's variant engine (argv[3]) for the deck on stdin in format argv[2].
 */
import { deckGame } from '../../../server/src/cli/gameFormats';
import { readInput } from './common';

const game = deckGame(process.argv[2]);
const transcript = game.catalogue().mistakeTranscript(game.analyze(readInput()), process.argv[3]);
if (transcript === undefined) {
  process.stderr.write('no transcript\n');
  process.exit(2);
}
process.stdout.write(transcript);
