/**
 * The language server's web worker entry (dist/browser/server.js): the browser build's client
 * starts this script as a worker and talks to it with postMessage. Everything else is shared
 * with the Node entry (server.ts) through startServer.
 */
import {
  BrowserMessageReader, BrowserMessageWriter, ProposedFeatures, createConnection,
} from 'vscode-languageserver/browser';
import { startServer } from './startServer';

declare const self: DedicatedWorkerGlobalScope;

startServer(createConnection(ProposedFeatures.all, new BrowserMessageReader(self), new BrowserMessageWriter(self)));
