/**
 * The Testing view: every deck in the workspace (and the judge files of `deckSim.solution.testFiles`)
 * is a test; Run runs the solution on each and shows its verdict, a wrong answer as a diff at the
 * deck line behind the first differing output line.
 */
import * as vscode from 'vscode';
import { TEST_COMMANDS } from '../../../server/src/protocol/commands';
import { SETTINGS_SECTION } from '../../../server/src/protocol/settings';
import { errorText } from '../errorText';
import type { RunJudge } from './judgeApi';
import { solutionCommand, solutionLimits, testFileGlobs } from './solutionSettings';
import { verdictReport, type VerdictReport } from './verdictReport';

export const CONTROLLER_ID = 'deckSim.judge';
/** The context value of a failed run's message (package.json's `testMessage` menus name it). */
export const FAILED_RUN = 'deckSim.failedRun';

/**
 * What the hidden command `deckSim.judgeState` returns, for the integration suite (VS Code lets
 * no extension read another's test items or results): the items' labels, sorted, and the
 * last outcome of each item run, by label.
 */
export interface JudgeState {
  items: string[];
  results: Record<string, VerdictReport | 'skipped'>;
}

export function registerTestController(runJudge: RunJudge): vscode.Disposable[] {
  const controller = vscode.tests.createTestController(CONTROLLER_ID, 'Deck Simulator: Solution');
  let watchers: vscode.Disposable[] = [];
  const results: JudgeState['results'] = {};

  const add = (uri: vscode.Uri) => {
    if (uri.scheme !== 'file') return; // the solution reads a file from the disk
    const item = controller.createTestItem(uri.toString(), vscode.workspace.asRelativePath(uri), uri);
    controller.items.add(item);
  };
  const discover = async () => {
    const globs = testFileGlobs();
    const found = await Promise.all(globs.map((glob) => vscode.workspace.findFiles(glob, '**/node_modules/**')));
    controller.items.replace([]);
    for (const uri of found.flat()) add(uri);
    for (const watcher of watchers) watcher.dispose();
    watchers = globs.flatMap((glob) => {
      const watcher = vscode.workspace.createFileSystemWatcher(glob, false, true, false);
      return [watcher, watcher.onDidCreate(add), watcher.onDidDelete((uri) => controller.items.delete(uri.toString()))];
    });
  };
  controller.resolveHandler = async (item) => {
    if (!item) await discover();
  };
  controller.refreshHandler = discover;

  const run = async (request: vscode.TestRunRequest, token: vscode.CancellationToken) => {
    const testRun = controller.createTestRun(request);
    const queue: vscode.TestItem[] = [];
    if (request.include) queue.push(...request.include);
    else controller.items.forEach((item) => queue.push(item));
    const items = queue.filter((item) => !request.exclude?.includes(item));
    const command = solutionCommand();
    // Cancelling stops the deck being judged too (the CLI ends its solution), not only the ones after it.
    const abort = new AbortController();
    const cancelled = token.onCancellationRequested(() => abort.abort());
    try {
      for (const item of items) {
        if (!command || token.isCancellationRequested) {
          testRun.skipped(item);
          results[item.label] = 'skipped';
          continue;
        }
        testRun.started(item);
        const limits = solutionLimits(item.uri);
        try {
          const verdict = verdictReport(await runJudge(item.uri!.fsPath, command, limits, abort.signal));
          report(testRun, item, verdict);
          results[item.label] = verdict;
        } catch (error) {
          if (token.isCancellationRequested) {
            testRun.skipped(item);
            results[item.label] = 'skipped';
            continue;
          }
          const text = errorText(error);
          testRun.errored(item, new vscode.TestMessage(text));
          results[item.label] = { errored: text };
        }
      }
    } finally {
      cancelled.dispose();
      testRun.end();
    }
  };
  controller.createRunProfile('Run Solution', vscode.TestRunProfileKind.Run, run, true);

  const state = async (): Promise<JudgeState> => {
    if (controller.items.size === 0) await discover();
    const items: string[] = [];
    controller.items.forEach((item) => items.push(item.label));
    return { items: items.sort(), results: { ...results } };
  };

  return [
    controller,
    vscode.commands.registerCommand(TEST_COMMANDS.judgeState, state),
    { dispose: () => watchers.forEach((watcher) => watcher.dispose()) },
    vscode.workspace.onDidChangeConfiguration((event) => {
      if (event.affectsConfiguration(`${SETTINGS_SECTION}.solution.testFiles`)) void discover();
    }),
  ];
}

function report(run: vscode.TestRun, item: vscode.TestItem, verdict: VerdictReport): void {
  if ('errored' in verdict) {
    run.errored(item, new vscode.TestMessage(verdict.errored));
    return;
  }
  if (verdict.passed) {
    run.passed(item, verdict.ms);
    return;
  }
  const message = verdict.diff
    ? vscode.TestMessage.diff(verdict.message, verdict.diff.expected, verdict.diff.actual)
    : new vscode.TestMessage(verdict.message);
  message.contextValue = FAILED_RUN; // offers Locate the Mistake on the message
  if (verdict.deckLine !== undefined && item.uri) {
    message.location = new vscode.Location(item.uri, new vscode.Position(verdict.deckLine, 0));
  }
  run.failed(item, message, verdict.ms);
}
