/**
 * A folder's test set, sent as deck texts: its audit (`deckSim/audit`), the deck that catches
 * a mistake it lets through (`deckSim/catchingDeck`) and its problem package's files
 * (`deckSim/problemPackage`). The long ones pause between slices of work (cancellation.ts),
 * so other requests and `$/cancelRequest` are heard meanwhile, and report work-done progress.
 */
import type { CancellationToken, Connection } from 'vscode-languageserver';
import { auditDecks } from '../core/catalogue/audit';
import { augmentMistake } from '../core/catalogue/augment';
import { Cancelled, type LongTask } from '../core/catalogue/task';
import { gameById, gameForFile } from '../core/gameRegistry';
import { problemPackageFiles } from '../core/problemPackage';
import { SETTINGS } from '../protocol/settings';
import { auditView, packageView } from '../features/testSets';
import {
  AuditRequest, CatchingDeckRequest, DeckGamesRequest, FILE_HEAD_CHARS, ProblemPackageRequest,
  type CatchingDeckResult, type DeckGamesResult, type ProblemPackageResult,
} from '../protocol/requests';
import { gameId } from './editorRequests';
import { pause, throwIfCancelled } from './cancellation';
import { ErrorCodes, ResponseError, WorkDoneProgress } from './lspValues';
import {
  ParamsError, array, boundedString, integer, object, onCheckedRequest, optional, type Check,
} from './params';

/** Decks in one request: more than a folder's test set ever holds. */
export const MAX_SET_DECKS = 10_000;
/** Characters of one deck's text (a ⑨ deck at the rules' limits is far smaller). */
export const MAX_DECK_CHARS = 4 * 1024 * 1024;
/** Characters of a deck's name or description. */
export const MAX_NAME_CHARS = 1000;
/** A version string, `0.3.0`. */
const MAX_VERSION_CHARS = 64;
const MEMORY_LIMIT = SETTINGS['solution.memoryLimitMb'];

/** How long a slice of work runs before it yields to the connection. */
const SLICE_MS = 20;

const name = boundedString(MAX_NAME_CHARS, "(a deck's name)");
const deckText = object({ name, text: boundedString(MAX_DECK_CHARS, "(a deck's size)") });
const decks = array(deckText, MAX_SET_DECKS);
const workDoneToken: Check<string | number | undefined> = (value, path) => {
  if (value === undefined || typeof value === 'string' || typeof value === 'number') return value;
  throw new ParamsError(`${path} must be a string or a number`);
};
const auditParams = object({ game: gameId, decks, workDoneToken });
const catchingParams = object({
  game: gameId, decks, workDoneToken, mistake: name, seed: optional(integer(0, 2 ** 32 - 1)),
});
const packageDeckText = object({
  name, text: boundedString(MAX_DECK_CHARS, "(a deck's size)"), description: optional(boundedString(MAX_NAME_CHARS)),
});
const packageParams = object({
  game: gameId, name: boundedString(MAX_NAME_CHARS), version: boundedString(MAX_VERSION_CHARS, "(a version's length)"),
  samples: array(packageDeckText, MAX_SET_DECKS),
  secret: array(packageDeckText, MAX_SET_DECKS),
  memoryLimitMb: optional(integer(1, MEMORY_LIMIT.maximum)),
});

const deckGamesParams = object({
  files: array(object({ name, head: boundedString(FILE_HEAD_CHARS, "(a file's head)") }), MAX_SET_DECKS),
});

/** Runs `work` in slices: progress reported when the client gave a token, cancellation honoured. */
async function longRequest<R>(
  connection: Connection, token: CancellationToken, progressToken: string | number | undefined, title: string,
  work: (task: LongTask) => Promise<R>,
): Promise<R> {
  let sliceStart = Date.now();
  let lastPercent = -1;
  if (progressToken !== undefined) {
    const begin = { kind: 'begin', title, cancellable: true, percentage: 0 } as const;
    connection.sendProgress(WorkDoneProgress.type, progressToken, begin);
  }
  const task: LongTask = {
    async progress(done, total) {
      const percent = total === 0 ? 100 : Math.floor((done / total) * 100);
      if (progressToken !== undefined && percent !== lastPercent) {
        lastPercent = percent;
        connection.sendProgress(WorkDoneProgress.type, progressToken, {
          kind: 'report', percentage: percent, message: `${done}/${total}`,
        });
      }
      if (Date.now() - sliceStart >= SLICE_MS) {
        await pause(token);
        sliceStart = Date.now();
      }
    },
    cancelled: () => token.isCancellationRequested,
  };
  try {
    await pause(token);
    return await work(task);
  } catch (error) {
    if (error instanceof Cancelled) throwIfCancelled(token);
    throw error;
  } finally {
    if (progressToken !== undefined) connection.sendProgress(WorkDoneProgress.type, progressToken, { kind: 'end' });
  }
}

export function registerTestSets(connection: Connection): void {
  onCheckedRequest(connection, AuditRequest, auditParams, (params, token) => {
    const game = gameById(params.game)!;
    return longRequest(connection, token, params.workDoneToken, `Auditing ${params.decks.length} decks`,
      async (task) => auditView(params.game, await auditDecks(game, params.decks, task)));
  });

  onCheckedRequest(connection, CatchingDeckRequest, catchingParams, (params, token) => {
    const game = gameById(params.game)!;
    if (!game.catalogue().mistakes.some((m) => m.id === params.mistake)) {
      const known = game.catalogue().mistakes.map((m) => m.id).join(', ');
      const message = `params.mistake must be one of ${known}, not ${JSON.stringify(params.mistake)}`;
      throw new ResponseError(ErrorCodes.InvalidParams, message);
    }
    const title = `Searching a deck that catches ${params.mistake}`;
    return longRequest(connection, token, params.workDoneToken, title,
      async (task): Promise<CatchingDeckResult> => {
        // The audit is a slice of the work too: a step per deck, then a step per target searched.
        const report = await auditDecks(game, params.decks, task);
        const result = await augmentMistake(game, report, params.mistake, { seed: params.seed ?? 1 }, task);
        const found = result.decks[0];
        if (!found) return { tried: result.tried };
        const { name: deckName, input, answer, description } = found;
        return { deck: { name: deckName, input, answer, description }, tried: result.tried };
      });
  });

  // A folder's files as the documents and the CLI read them: by ending, else by first word.
  onCheckedRequest(connection, DeckGamesRequest, deckGamesParams, (params): DeckGamesResult => ({
    games: params.files.map((file) => gameForFile(file.name, file.head)?.id ?? null),
  }));

  onCheckedRequest(connection, ProblemPackageRequest, packageParams, (params): ProblemPackageResult => {
    const writtenBy = `deck-sim ${params.version}`;
    const result = problemPackageFiles(gameById(params.game)!, params.samples, params.secret, {
      name: params.name, license: 'unknown', writtenBy, memoryLimitMb: params.memoryLimitMb ?? MEMORY_LIMIT.default,
    });
    return packageView(params.game, result);
  });
}
