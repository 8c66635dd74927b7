/**
 * "Deck Simulator: Locate the Mistake": `deck-sim locate --repair` on a failed deck, under a
 * cancellable progress notification; the solution's source opens with its suspicious lines as a
 * heat map (gutter, overview ruler, background, a hover with the counts), and a repair found is
 * shown as a diff with "Apply", which makes the one-line change as an undoable edit.
 */
import * as path from 'node:path';
import * as vscode from 'vscode';
import { COMMANDS, TEST_COMMANDS } from '../../../server/src/protocol/commands';
import { SETTINGS_SECTION } from '../../../server/src/protocol/settings';
import { errorText } from '../errorText';
import { clientSetting } from '../settings';
import type { RunLocate } from './judgeApi';
import {
  lineHighlights, parseLocateJson, repairEdit, repairedText, SCORE_BANDS, type LocateResult, type ScoreBand,
} from './locateModel';
import { solutionLimits, testFileGlobs } from './solutionSettings';

const REPAIR_SCHEME = 'deck-sim-repair';
const APPLY = 'Apply';
const SHOW_DIFF = 'Show Diff';
const OPEN_SETTINGS = 'Open Settings';

/** Each band's colour (red to yellow), as an RGB triple: solid in the gutter and ruler, faint behind the text. */
const BAND_COLOURS: Record<ScoreBand, string> = {
  hot: '229, 57, 53', warm: '251, 140, 0', mild: '253, 216, 53', cool: '158, 158, 158',
};

/**
 * What the hidden command `deckSim.locateState` returns, for the integration suite (VS Code lets
 * no one read an editor's decorations): the located source and its lines per heat band, 1-based,
 * with their hovers.
 */
export interface LocateState {
  source?: string;
  bands: Partial<Record<ScoreBand, { line: number; hover: string }[]>>;
}

/** A repair offered: the document it changes and how. */
interface OfferedRepair {
  document: vscode.TextDocument;
  edit: NonNullable<ReturnType<typeof repairEdit>>;
}

/** What the command returns (the integration suite reads it): the located lines and the repair offered. */
export interface LocateOutcome {
  source: string;
  result: LocateResult;
  /** The source with the first repair applied, when one was found. */
  repaired?: string;
}

function bandDecoration(band: ScoreBand): vscode.TextEditorDecorationType {
  const colour = BAND_COLOURS[band];
  const bar = '<svg xmlns="http://www.w3.org/2000/svg" width="4" height="16">'
    + `<rect width="4" height="16" fill="rgb(${colour})"/></svg>`;
  return vscode.window.createTextEditorDecorationType({
    isWholeLine: true,
    backgroundColor: `rgba(${colour}, 0.18)`,
    overviewRulerColor: `rgb(${colour})`,
    overviewRulerLane: vscode.OverviewRulerLane.Full,
    gutterIconPath: vscode.Uri.parse(`data:image/svg+xml;base64,${Buffer.from(bar).toString('base64')}`),
    gutterIconSize: 'contain',
  });
}

/** The command's argument: a test item (Testing view), a test message's `{ test }`, or a deck's URI. */
function deckOf(argument: unknown): vscode.Uri | undefined {
  if (argument instanceof vscode.Uri) return argument;
  if (typeof argument !== 'object' || argument === null) return undefined;
  const item = 'test' in argument ? (argument as { test?: vscode.TestItem }).test : argument as vscode.TestItem;
  return item?.uri instanceof vscode.Uri ? item.uri : undefined;
}

/** The decks the Testing view lists, the active one first. */
async function pickDeck(): Promise<vscode.Uri | undefined> {
  const globs = testFileGlobs();
  const found = (await Promise.all(globs.map((glob) => vscode.workspace.findFiles(glob, '**/node_modules/**'))))
    .flat().filter((uri) => uri.scheme === 'file');
  const active = vscode.window.activeTextEditor?.document.uri.toString();
  found.sort((a, b) => Number(b.toString() === active) - Number(a.toString() === active)
    || vscode.workspace.asRelativePath(a).localeCompare(vscode.workspace.asRelativePath(b)));
  const picked = await vscode.window.showQuickPick(
    found.map((uri) => ({ label: vscode.workspace.asRelativePath(uri), uri })),
    { placeHolder: 'A deck your solution fails' },
  );
  return picked?.uri;
}

/**
 * The solution's source file from the user's or the workspace's settings, resolved against the
 * deck's workspace folder, or undefined after telling the user why.
 */
function solutionSource(deck: vscode.Uri): vscode.Uri | undefined {
  if (!vscode.workspace.isTrusted) {
    void vscode.window.showWarningMessage(
      'Deck Simulator runs a solution only in a trusted workspace (Workspaces: Manage Workspace Trust).',
    );
    return undefined;
  }
  const set = vscode.workspace.getConfiguration(SETTINGS_SECTION, deck).inspect<string>('solution.source');
  const source = (set?.workspaceFolderValue ?? set?.workspaceValue ?? set?.globalValue ?? '').trim();
  if (source === '') {
    void vscode.window.showWarningMessage(
      'Set deckSim.solution.source to your solution\'s source file (C, C++ or Python), e.g. `sol.cpp`.', OPEN_SETTINGS,
    ).then((choice) => {
      if (choice === OPEN_SETTINGS) {
        void vscode.commands.executeCommand('workbench.action.openSettings', `${SETTINGS_SECTION}.solution.source`);
      }
    });
    return undefined;
  }
  if (path.isAbsolute(source)) return vscode.Uri.file(source);
  const folder = vscode.workspace.getWorkspaceFolder(deck) ?? vscode.workspace.workspaceFolders?.[0];
  return folder ? vscode.Uri.joinPath(folder.uri, source) : vscode.Uri.file(path.resolve(source));
}

export function registerLocateCommand(runLocate: RunLocate): vscode.Disposable[] {
  const decorations = new Map(SCORE_BANDS.map(({ band }) => [band, bandDecoration(band)]));
  /** The highlights of the last located source, put back whenever an editor shows it. */
  let shown: { uri: string; options: Map<ScoreBand, vscode.DecorationOptions[]> } | undefined;
  const repairs = new Map<string, string>(); // a repair document's URI → its text
  const offered = new Map<string, OfferedRepair>(); // a repair document's URI → what Apply does
  let lastOffered: OfferedRepair | undefined;

  const decorate = (editors: readonly vscode.TextEditor[]) => {
    for (const editor of editors) {
      if (editor.document.uri.toString() !== shown?.uri) continue;
      for (const [band, type] of decorations) editor.setDecorations(type, shown.options.get(band) ?? []);
    }
  };

  const locate = async (argument?: unknown): Promise<LocateOutcome | undefined> => {
    const deck = deckOf(argument) ?? await pickDeck();
    const sourceUri = deck && solutionSource(deck);
    if (!deck || !sourceUri) return undefined;
    const json = await vscode.window.withProgress({
      location: vscode.ProgressLocation.Notification,
      title: `Deck Simulator: locating the mistake of ${path.basename(sourceUri.fsPath)}`,
      cancellable: true,
    }, async (progress, token) => {
      const abort = new AbortController();
      const cancelled = token.onCancellationRequested(() => abort.abort());
      try {
        const onProgress = (line: string) => progress.report({ message: line });
        return await runLocate(deck.fsPath, sourceUri.fsPath, solutionLimits(deck), abort.signal, onProgress, {
          mutants: clientSetting('locate.mutants', deck),
          stressDecks: clientSetting('locate.stressDecks', deck),
          repairDecks: clientSetting('locate.repairDecks', deck),
        });
      } catch (error) {
        if (!token.isCancellationRequested) void vscode.window.showErrorMessage(`Deck Simulator: ${errorText(error)}`);
        return undefined;
      } finally {
        cancelled.dispose();
      }
    });
    if (json === undefined) return undefined;
    const result = parseLocateJson(json);
    const document = await vscode.workspace.openTextDocument(sourceUri);
    const options = new Map<ScoreBand, vscode.DecorationOptions[]>();
    for (const highlight of lineHighlights(result)) {
      if (highlight.line >= document.lineCount) continue;
      const list = options.get(highlight.band) ?? [];
      const hoverMessage = new vscode.MarkdownString().appendText(highlight.hover);
      list.push({ range: document.lineAt(highlight.line).range, hoverMessage });
      options.set(highlight.band, list);
    }
    shown = { uri: document.uri.toString(), options };
    const top = result.lines[0];
    // A tab of its own (not a preview): the repair's diff opens after it and must not replace it.
    const editor = await vscode.window.showTextDocument(document, {
      preview: false,
      selection: top && top.line <= document.lineCount ? document.lineAt(top.line - 1).range : undefined,
    });
    decorate([editor]);
    const outcome: LocateOutcome = { source: document.uri.toString(), result };
    if (result.decks.failing === 0) {
      void vscode.window.showInformationMessage(
        `Deck Simulator: no run failed (${result.decks.passing} passed): nothing to locate.`,
      );
      return outcome;
    }
    const repair = result.repairs[0];
    const edit = repair && repairEdit(repair);
    const repaired = edit && repairedText(document.getText(), edit);
    if (!repair || !edit || repaired === undefined) {
      void vscode.window.showInformationMessage(
        `Deck Simulator: the most suspicious lines of ${path.basename(sourceUri.fsPath)} are highlighted`
        + ` (${result.decks.failing} failing and ${result.decks.passing} passing runs); no one-token repair was found.`,
      );
      return outcome;
    }
    outcome.repaired = repaired;
    const repairUri = vscode.Uri.from({
      scheme: REPAIR_SCHEME, path: document.uri.path, query: `line=${repair.line}&n=${repairs.size}`,
    });
    repairs.set(repairUri.toString(), repaired);
    lastOffered = { document, edit };
    offered.set(repairUri.toString(), lastOffered);
    const title = `${path.basename(sourceUri.fsPath)} ↔ repair at line ${repair.line}`;
    const showDiff = () => vscode.commands.executeCommand('vscode.diff', document.uri, repairUri, title);
    await showDiff();
    void offerRepair(lastOffered, repair.line, repair.decksPassed, showDiff);
    return outcome;
  };

  /** The repair of the diff the command was run from (its title bar), else the last one offered. */
  const applyCommand = async (uri?: unknown): Promise<boolean> => {
    const repair = (uri instanceof vscode.Uri ? offered.get(uri.toString()) : undefined) ?? lastOffered;
    if (!repair) {
      void vscode.window.showInformationMessage('Deck Simulator: no repair to apply; run Locate the Mistake first.');
      return false;
    }
    return applyRepair(repair);
  };

  const state = (): LocateState => {
    const bands: LocateState['bands'] = {};
    for (const [band, options] of shown?.options ?? []) {
      bands[band] = options.map((option) => ({
        line: option.range.start.line + 1,
        hover: (option.hoverMessage as vscode.MarkdownString).value,
      }));
    }
    return { source: shown?.uri, bands };
  };

  return [
    ...decorations.values(),
    vscode.workspace.registerTextDocumentContentProvider(REPAIR_SCHEME, {
      provideTextDocumentContent: (uri) => repairs.get(uri.toString()),
    }),
    vscode.window.onDidChangeVisibleTextEditors(decorate),
    vscode.commands.registerCommand(COMMANDS.locateMistake, locate),
    vscode.commands.registerCommand(COMMANDS.applyRepair, applyCommand),
    vscode.commands.registerCommand(TEST_COMMANDS.locateState, state),
  ];
}

/** "Apply" makes the repair (the same as the diff's Apply the Repair); "Show Diff" shows the diff again. */
async function offerRepair(
  repair: OfferedRepair, line: number, decksPassed: number, showDiff: () => Thenable<unknown>,
): Promise<void> {
  for (;;) {
    const choice = await vscode.window.showInformationMessage(
      `Deck Simulator: a one-token repair at line ${line} passes all ${decksPassed} decks.`, APPLY, SHOW_DIFF,
    );
    if (choice === SHOW_DIFF) {
      await showDiff();
      continue;
    }
    if (choice === APPLY) await applyRepair(repair);
    return;
  }
}

/** Edits the source (undoable, not saved); a file changed since it was located is left alone. */
async function applyRepair(repair: OfferedRepair): Promise<boolean> {
  const { edit } = repair;
  const document = repair.document.isClosed ? await vscode.workspace.openTextDocument(repair.document.uri)
    : repair.document;
  const end = edit.start + edit.removed.length;
  const unchanged = end <= document.lineCount
    && edit.removed.every((text, i) => document.lineAt(edit.start + i).text === text);
  if (!unchanged) {
    void vscode.window.showWarningMessage(
      `Deck Simulator: ${path.basename(document.uri.fsPath)} changed since it was located;`
      + ' run Locate the Mistake again.',
    );
    return false;
  }
  const eol = document.eol === vscode.EndOfLine.CRLF ? '\r\n' : '\n';
  const workspaceEdit = new vscode.WorkspaceEdit();
  if (edit.removed.length === 0) {
    const lines = edit.added.map((text) => text + eol).join('');
    workspaceEdit.insert(document.uri, new vscode.Position(edit.start, 0), lines);
  } else {
    const range = new vscode.Range(edit.start, 0, end - 1, document.lineAt(end - 1).text.length);
    workspaceEdit.replace(document.uri, range, edit.added.join(eol));
  }
  if (!await vscode.workspace.applyEdit(workspaceEdit)) {
    void vscode.window.showErrorMessage('Deck Simulator: the repair could not be applied.');
    return false;
  }
  await vscode.window.showTextDocument(document);
  return true;
}
