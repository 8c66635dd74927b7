/**
 * The language server's web worker entry (dist/browser/server.js): the browser build's client
 * starts this script as a worker and talks to it with postMessage. Everything else is shared
 * with the Node entry (server.ts) through startServer.
 */
import {
  BrowserMessageReader, BrowserMessageWriter, ProposedFeatures, createConnection,
} from 'vscode-languageserver/browser';
import { checkedMessages } from './messageCheck';
import { startServer } from './startServer';

declare const self: DedicatedWorkerGlobalScope;

const log = (why: string) => connection.console.error(`deck-sim: ignored ${why}`);
const writer = new BrowserMessageWriter(self);
const reader = checkedMessages(new BrowserMessageReader(self), writer, log);
const connection = createConnection(ProposedFeatures.all, reader, writer);
startServer(connection);
