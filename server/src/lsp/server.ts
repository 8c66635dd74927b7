/** The language server's Node entry: over stdio (`deck-sim lsp --stdio`) or VS Code's IPC. */
import { PassThrough } from 'node:stream';
import {
  IPCMessageReader, IPCMessageWriter, ProposedFeatures, StreamMessageReader, StreamMessageWriter, createConnection,
  type Connection, type MessageReader, type MessageWriter,
} from 'vscode-languageserver/node';
import { FramingCheck } from './framing';
import { checkedMessages } from './messageCheck';
import { startServer } from './startServer';

/**
 * Over stdio a client can break the message framing (a bad Content-Length, junk bytes); the
 * reader cannot find the next message after that, so the server says why and exits non-zero,
 * for the client to start a new one, rather than live on deaf. Other transports frame for us.
 */
function stdioConnection(): Connection {
  const giveUp = (why: string) => {
    const next = 'exiting for the client to restart the server';
    process.stderr.write(`deck-sim: broken message framing from the client (${why}); ${next}\n`);
    process.exit(FRAMING_ERROR_EXIT_CODE);
  };
  const framing = new FramingCheck();
  const checked = new PassThrough();
  process.stdin.on('data', (chunk: Buffer) => {
    const fault = framing.add(chunk);
    if (fault === undefined) checked.write(chunk);
    else giveUp(fault);
  });
  process.stdin.on('end', () => checked.end());
  const reader = new StreamMessageReader(checked);
  // A body that is not JSON (a Content-Length too short or too long) fails in the reader; a
  // message with bad content never gets there (checkedConnection).
  reader.onError((error) => giveUp(error.message.split('\n')[0]));
  return checkedConnection(reader, new StreamMessageWriter(process.stdout));
}

/** A connection that logs and drops a well-framed message with bad content. */
function checkedConnection(reader: MessageReader, writer: MessageWriter): Connection {
  // Messages arrive once the connection listens, so the log can be the client's.
  const log = (why: string) => connection.console.error(`deck-sim: ignored ${why}`);
  const connection = createConnection(ProposedFeatures.all, checkedMessages(reader, writer, log), writer);
  return connection;
}

/** The exit code after a framing error. */
export const FRAMING_ERROR_EXIT_CODE = 3;

/** Starts the server on the connection the command line asks for. */
export function startNodeServer(): void {
  const { argv } = process;
  if (argv.includes('--stdio')) startServer(stdioConnection());
  else if (argv.includes('--node-ipc')) {
    startServer(checkedConnection(new IPCMessageReader(process), new IPCMessageWriter(process)));
  }
  // Sockets and pipes: the library reads its command line.
  else startServer(createConnection(ProposedFeatures.all));
}

if (require.main === module) startNodeServer();
