/** A correct solution: the engine's transcript, with trailing spaces and no final newline to show they are forgiven. */
import { readTranscript } from './common';

const transcript = readTranscript();
process.stdout.write(transcript.map((line, i) => (i % 3 === 0 ? `${line}  ` : line)).join('\n'));
