/**
 * A wrong solution planted for the search for killing decks: the engine's transcript, but the
 * first line matching the pattern argv[3] is replaced by argv[4] (default `WRONG`) and the output
 * stops there. argv[2] is the deck format. A deck without such a line passes.
 */
import { divergeAt, readTranscript } from './common';

const transcript = readTranscript();
const pattern = new RegExp(process.argv[3] ?? '$^');
const at = transcript.findIndex((line) => pattern.test(line));
divergeAt(transcript, at < 0 ? undefined : at + 1, process.argv[4] ?? 'WRONG');
