import { spawn, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import {
  StreamMessageReader, StreamMessageWriter, createProtocolConnection,
  type Diagnostic, type Message, type MessageReader, type ProtocolConnection, type PublishDiagnosticsParams,
} from 'vscode-languageserver-protocol/node';
import { SimulatedNotification, type RequestType } from '../../server/src/protocol/requests';
import { repoRoot } from '../helpers';

/**
 * A real LSP client talking to `deck-sim lsp --stdio` in a child process, as Neovim or Helix
 * would. Diagnostics are collected per URI so tests can wait for the ones they expect.
 */
export class LspSession {
  readonly connection: ProtocolConnection;
  private readonly server: ChildProcess;
  private readonly diagnostics = new Map<string, PublishDiagnosticsParams>();
  private waiters: (() => void)[] = [];
  readonly notifications: { method: string; params: unknown }[] = [];
  stderr = '';
  /** The messages of `window/logMessage`. */
  readonly logs: string[] = [];
  /** What the client answers to `workspace/configuration` for the `deckSim` section. */
  settings: unknown = {};
  /** The server's exit code or signal, once it has exited. */
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  private readonly writer: StreamMessageWriter;
  /** Answers awaited by `rawRequest`, by id. */
  private readonly rawAnswers = new Map<string, (answer: RawAnswer) => void>();
  private rawIds = 0;

  /** `nodeArgs` go to node before the script: `--cpu-prof` for a benchmark's profile. */
  constructor(nodeArgs: string[] = []) {
    const script = [join(repoRoot, 'bin', 'deck-sim.js'), 'lsp', '--stdio'];
    this.server = spawn(process.execPath, [...nodeArgs, ...script], { stdio: 'pipe' });
    this.server.stderr!.on('data', (chunk) => { this.stderr += chunk; });
    this.exited = new Promise((resolve) => this.server.once('exit', (code, signal) => resolve({ code, signal })));
    // Writing to a server that has exited must fail the test that does it, not the process.
    this.server.stdin!.on('error', () => undefined);
    this.writer = new StreamMessageWriter(this.server.stdin!);
    const reader = this.withRawAnswers(new StreamMessageReader(this.server.stdout!));
    this.connection = createProtocolConnection(reader, this.writer);
    this.connection.onNotification('textDocument/publishDiagnostics', (params: PublishDiagnosticsParams) => {
      this.diagnostics.set(params.uri, params);
      this.wake();
    });
    this.connection.onNotification(SimulatedNotification.method, (params) => {
      this.notifications.push({ method: SimulatedNotification.method, params });
      this.wake();
    });
    // Requests the server sends to the client, answered at once and kept for tests.
    for (const method of ['workspace/inlayHint/refresh', 'workspace/codeLens/refresh']) {
      this.connection.onRequest(method, () => {
        this.notifications.push({ method, params: undefined });
        this.wake();
        return null;
      });
    }
    this.connection.onNotification('window/logMessage', (params: { message: string }) => {
      this.logs.push(params.message);
      this.wake();
    });
    this.connection.onRequest('workspace/configuration', (params: { items: { section?: string }[] }) => (
      params.items.map((item) => (item.section === 'deckSim' ? this.settings : null))));
    this.connection.listen();
  }

  /** The reader, less the answers to `rawRequest`s, which the connection would not know. */
  private withRawAnswers(reader: MessageReader): MessageReader {
    const listen = reader.listen.bind(reader);
    reader.listen = (callback) => listen((message) => {
      const { id } = message as { id?: unknown };
      const answer = typeof id === 'string' ? this.rawAnswers.get(id) : undefined;
      if (!answer) return callback(message);
      this.rawAnswers.delete(id as string);
      answer(message as RawAnswer);
    });
    return reader;
  }

  /**
   * A request exactly as given, even one a client library would not send (params null, or
   * none when `params` is undefined); resolves with the server's answer, result or error.
   */
  rawRequest(method: string, params?: unknown): Promise<RawAnswer> {
    const id = `raw-${++this.rawIds}`;
    const answered = new Promise<RawAnswer>((resolve) => this.rawAnswers.set(id, resolve));
    void this.rawMessage({ id, method, ...(params === undefined ? {} : { params }) });
    return answered;
  }

  /**
   * A request and its `$/cancelRequest`, written to the server in one piece, so the server has
   * both however it schedules its reads; resolves with the server's answer.
   */
  requestThenCancel(method: string, params: unknown): Promise<RawAnswer> {
    const id = `raw-${++this.rawIds}`;
    const answered = new Promise<RawAnswer>((resolve) => this.rawAnswers.set(id, resolve));
    const frame = (message: object) => {
      const body = Buffer.from(JSON.stringify({ jsonrpc: '2.0', ...message }), 'utf8');
      return Buffer.concat([Buffer.from(`Content-Length: ${body.length}\r\n\r\n`, 'ascii'), body]);
    };
    this.writeRaw(Buffer.concat([frame({ id, method, params }), frame({ method: '$/cancelRequest', params: { id } })]));
    return answered;
  }

  /** A message exactly as given (the `jsonrpc` member added), framed as the protocol says. */
  rawMessage(message: object): Promise<void> {
    return this.writer.write({ jsonrpc: '2.0', ...message } as Message);
  }

  /** Writes raw bytes to the server's stdin, framing and all. */
  writeRaw(bytes: string | Buffer): void {
    this.server.stdin!.write(bytes);
  }

  private wake(): void {
    const waiters = this.waiters;
    this.waiters = [];
    for (const w of waiters) w();
  }

  /** Waits until `ready()` returns a value, re-checking at every message; fails after `ms`. */
  async until<T>(what: string, ready: () => T | undefined, ms = 5000): Promise<T> {
    const deadline = Date.now() + ms;
    for (;;) {
      const value = ready();
      if (value !== undefined) return value;
      const left = deadline - Date.now();
      if (left <= 0) throw new Error(`timed out waiting for ${what}`);
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, left);
        this.waiters.push(() => { clearTimeout(timer); resolve(); });
      });
    }
  }

  /** One of protocol/requests.ts's typed requests, sent by its method. */
  request<P, R>(type: RequestType<P, R>, params: P): Promise<R> {
    return this.connection.sendRequest(type.method, params) as Promise<R>;
  }

  async initialize(capabilities: object = {}, initializationOptions?: object): Promise<unknown> {
    const result = await this.connection.sendRequest('initialize', {
      processId: process.pid, rootUri: null, capabilities, workspaceFolders: null, initializationOptions,
    });
    await this.connection.sendNotification('initialized', {});
    return result;
  }

  open(uri: string, languageId: string, text: string, version = 1): Promise<void> {
    return this.connection.sendNotification('textDocument/didOpen',
      { textDocument: { uri, languageId, version, text } });
  }

  /** Diagnostics published for `uri` at `version` (or any version when omitted), within `ms`. */
  diagnosticsFor(uri: string, version?: number, ms?: number): Promise<PublishDiagnosticsParams> {
    return this.until(`diagnostics of ${uri}`, () => {
      const d = this.diagnostics.get(uri);
      return d && (version === undefined || d.version === version) ? d : undefined;
    }, ms);
  }

  private get dead(): boolean {
    // A server that died of a signal has a signal code and no exit code.
    return this.server.exitCode !== null || this.server.signalCode !== null;
  }

  async close(): Promise<void> {
    try {
      if (this.dead) return;
      await this.connection.sendRequest('shutdown');
      await this.connection.sendNotification('exit');
    } finally {
      this.connection.dispose();
      await new Promise<void>((resolve) => {
        if (this.dead) return resolve();
        const timer = setTimeout(() => { this.server.kill('SIGKILL'); resolve(); }, 2000);
        this.server.once('exit', () => { clearTimeout(timer); resolve(); });
      });
    }
  }
}

/** A response as `rawRequest` gets it. */
export interface RawAnswer {
  result?: unknown;
  error?: { code: number; message: string };
}

/** A diagnostic as one line, 0-based like LSP: `2:0-2:2 1 unknown-tile deck-sim: message`. */
export function diagnosticLine(d: Diagnostic): string {
  const { start, end } = d.range;
  const where = `${start.line}:${start.character}-${end.line}:${end.character}`;
  return `${where} ${d.severity} ${d.code} ${d.source}: ${d.message}`;
}
