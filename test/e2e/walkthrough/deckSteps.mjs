// The walk-through's steps for one deck kind, built from its spec (mahjong.mjs, cirno.mjs):
// the broken deck (language, problems, quick fix), then the valid deck (no problems, the
// transcript on save and from F1, hovers, the replay).
import fsp from 'node:fs/promises';
import path from 'node:path';
import { log } from '../lib/log.mjs';
import { describeDiff, fail, matches, patience, probe, show, until } from './checks.mjs';
import { COMMANDS, DIAGNOSTIC_SOURCE, FIXTURES, OUTPUT_CHANNEL } from './expected.mjs';
import { replaySteps } from './replaySteps.mjs';
import { MOD } from './workbench.mjs';

/**
 * @typedef {{ workspace: string, baseUrl: string }} StepContext
 * @typedef {object} Step
 * @property {string} name
 * @property {number} [limitMs] the step's one limit, when it needs more than STEP_LIMIT_MS (a long job it waits for)
 * @property {(wb: import('./workbench.mjs').Workbench, ctx: StepContext) => Promise<void>} run
 */

/**
 * Build the named steps for one deck kind.
 * @param {import('./expected.mjs').DeckSpec} deck
 * @returns {Step[]}
 */
export function deckSteps(deck) {
  return [
    ...(deck.broken ? brokenDeckSteps(deck, deck.broken) : []),
    ...(deck.valid ? validDeckSteps(deck, deck.valid) : []),
  ];
}

/** The language's status bar label must show for the active editor. */
function languageShows(/** @type {import('./workbench.mjs').Workbench} */ wb, /** @type {string} */ language) {
  return until(async () => (await wb.languageLabel()) === language, {
    message: async () => `status bar language is "${await wb.languageLabel()}", expected "${language}"`,
  });
}

/**
 * @param {import('./expected.mjs').DeckSpec} deck
 * @param {import('./expected.mjs').BrokenDeck} b
 * @returns {Step[]}
 */
function brokenDeckSteps(deck, b) {
  const n = deck.name;
  /** @type {Step[]} */
  const steps = [];
  steps.push({
    name: `${n}: open ${b.file} from the Explorer; status bar says ${deck.language}`,
    async run(wb) {
      await wb.openFromExplorer(b.file);
      await languageShows(wb, deck.language);
    },
  });
  steps.push({
    name: `${n}: Problems lists the expected problems of ${b.file}`,
    async run(wb) {
      await wb.openProblems();
      /** @type {import('./workbench.mjs').ProblemRow[]} */
      let rows = [];
      const missing = () => b.problems.filter((p) => !rows.some((r) => r.file === b.file && r.line === p.line
        && r.severity === p.severity && matches(r.message, p.message)));
      await until(async () => {
        rows = await wb.problemRows();
        return missing().length === 0;
      }, {
        message: () => {
          const wanted = missing().map((p) => `${p.severity} on line ${p.line} matching ${show(p.message)}`);
          const shown = rows.map((r) => `${r.file}:${r.line} ${r.severity} ${r.message}`);
          return `missing problems: ${wanted.join('; ')}; rows shown: ${JSON.stringify(shown)}`;
        },
      });
      const mine = rows.filter((r) => r.file === b.file);
      for (const r of mine) log(`    problem: line ${r.line} ${r.severity} [${r.source}]: ${r.message}`);
      const notSource = mine.filter((r) => r.source !== DIAGNOSTIC_SOURCE);
      if (notSource.length) {
        fail(`problem rows without source "${DIAGNOSTIC_SOURCE}": ${JSON.stringify(notSource.map((r) => r.text))}`);
      }
      if (b.exactProblems && mine.length !== b.problems.length) {
        fail(`expected exactly ${b.problems.length} problems for ${b.file}, got ${mine.length}`);
      }
    },
  });
  if (b.quickFix) steps.push(quickFixStep(n, b, b.quickFix));
  return steps;
}

/**
 * @param {string} n
 * @param {import('./expected.mjs').BrokenDeck} b
 * @param {import('./expected.mjs').QuickFix} q
 * @returns {Step}
 */
function quickFixStep(n, b, q) {
  return {
    name: `${n}: quick fix "${q.title}" on line ${q.line}`,
    async run(wb, ctx) {
      await wb.openFromExplorer(b.file);
      const before = await readWorkspaceFile(ctx, b.file);
      const beforeLines = before.split('\n');
      if (beforeLines[q.line - 1] !== q.lineBefore) {
        fail(`fixture ${b.file} line ${q.line} is ${JSON.stringify(beforeLines[q.line - 1])}, `
          + `expected ${JSON.stringify(q.lineBefore)}`);
      }
      // The code action menu (an "action widget"; the workbench keeps a hidden one around). The
      // step waits for the state it needs, the menu listing the fix: a Ctrl+. pressed while the
      // editor is still taking focus back from Go to Line can be lost, and a menu opened before
      // the fix is computed lacks it, so the step goes to the line and presses Ctrl+. again, as a
      // person would, waiting longer each time, within the step's one limit.
      const actions = wb.page.locator('.action-widget .monaco-list-row.action');
      const item = actions.filter({ hasText: q.title }).first();
      /** @type {string[]} */
      let items = [];
      let attempt = 0;
      await until(async () => {
        if (await item.isVisible()) return true;
        if (await actions.first().isVisible()) {
          items = await actions.allInnerTexts();
          await wb.key('Escape');
        }
        await wb.goToLine(q.line);
        await wb.key(`${MOD}+.`);
        return item.waitFor({ state: 'visible', timeout: probe(attempt++) }).then(() => true, () => false);
      }, {
        message: async () => {
          const hint = await wb.page.locator('.monaco-editor-overlaymessage').allInnerTexts().catch(() => []);
          return `Ctrl+. on line ${q.line} showed no quick fix "${q.title}" (menu items: ${JSON.stringify(items)})`
            + `${hint.length ? ` (editor says ${JSON.stringify(hint.join(' '))})` : ''}`;
        },
      });
      await wb.screenshot(`${n}-quick-fix-menu`);
      await item.click();
      await actions.first().waitFor({ state: 'hidden', timeout: patience() }).catch(() => {});
      // The editor's text (its model, via select-all + copy) must now have the fixed line and
      // nothing else changed.
      const expected = beforeLines.map((l, i) => (i === q.line - 1 ? q.lineAfter : l)).join('\n');
      let got = '';
      await until(async () => {
        got = await wb.copyAllFrom(wb.activeEditor());
        return got === expected;
      }, {
        message: () => `after the quick fix the document is not as expected: ${describeDiff(expected, got)}`,
      });
      // Saved, the file on disk has the change too.
      await wb.key(`${MOD}+s`);
      await until(async () => (await readWorkspaceFile(ctx, b.file)) === expected, {
        message: `${b.file} on disk does not have the fix after Ctrl+S`,
      });
      const gone = q.resolves;
      if (gone) {
        await wb.openProblems();
        await until(async () => !(await wb.problemRows()).some((r) => r.file === b.file
          && r.line === gone.line && r.severity === gone.severity), {
          message: `the ${gone.severity} on line ${gone.line} is still listed after the fix`,
        });
      }
    },
  };
}

/**
 * @param {import('./expected.mjs').DeckSpec} deck
 * @param {import('./expected.mjs').ValidDeck} v
 * @returns {Step[]}
 */
function validDeckSteps(deck, v) {
  const n = deck.name;
  /** @type {Step[]} */
  const steps = [];
  steps.push({
    name: `${n}: open ${v.file}; status bar says ${deck.language}; no problems for it`,
    async run(wb) {
      await wb.openFromExplorer(v.file);
      await languageShows(wb, deck.language);
      // No problem is an absence: first the state that shows the server has read this deck (its
      // Outline, which it answers from the same analysis as its diagnostics), then the Problems.
      await wb.focusOutline();
      await until(async () => (await wb.outlineRows()).length > 0, { message: `the Outline of ${v.file} stays empty` });
      await wb.openFromExplorer(v.file);
      await wb.openProblems();
      const mine = (await wb.problemRows()).filter((r) => r.file === v.file);
      if (mine.length) {
        fail(`a valid deck has problems: ${JSON.stringify(mine.map((r) => `${r.line} ${r.severity} ${r.message}`))}`);
      }
    },
  });
  const transcript = v.transcript;
  if (transcript) {
    steps.push({
      name: `${n}: save ${v.file} (Ctrl+S); Output "${OUTPUT_CHANNEL}" has the header and the judge transcript`,
      async run(wb) {
        await wb.openFromExplorer(v.file);
        if (v.outputOnSave) {
          // Empty the channel first, so that what is read afterwards was written by the save.
          await wb.runCommand(COMMANDS.showOutput);
          await wb.clearOutput();
        }
        await wb.openFromExplorer(v.file);
        await wb.focusEditor();
        await wb.key(`${MOD}+s`);
        await wb.runCommand(COMMANDS.showOutput);
        await checkOutput(wb, v, transcript);
      },
    });
  }
  for (const h of v.hovers ?? []) {
    const expected = h.expect.map(show).join(', ');
    steps.push({
      name: `${n}: hover line ${h.line} of ${v.file} shows ${expected}`,
      async run(wb) {
        await wb.openFromExplorer(v.file);
        await wb.goToLine(h.line);
        /** @type {string | null} */
        let text = null;
        let attempt = 0;
        await until(async () => {
          const shown = text = await wb.hoverAtCursor(attempt++);
          if (shown && h.expect.every((e) => matches(shown, e))) return true;
          await wb.key('Escape');
          return false;
        }, {
          interval: 500,
          message: () => `hover on line ${h.line} ${text ? `reads ${JSON.stringify(text)}` : 'did not appear'}; `
            + `expected ${expected}`,
        });
        log(`    hover: ${JSON.stringify(text)}`);
        if (h.whole) {
          /** @type {Awaited<ReturnType<import('./workbench.mjs').Workbench['hoverSize']>>} */
          let size = null;
          await until(async () => (size = await wb.hoverSize()) && size.content <= size.shown, {
            timeout: 5000,
            message: () => `the hover on line ${h.line} needs its scrollbar: ${JSON.stringify(size)} `
              + '(content height > height shown, in pixels)',
          });
          log(`    hover size: ${JSON.stringify(size)}`);
        }
        await wb.screenshot(`${n}-hover-line-${h.line}`);
        await wb.key('Escape');
      },
    });
  }
  if (transcript) {
    steps.push({
      name: `${n}: F1 "${COMMANDS.simulate}" on ${v.file}; Output has the transcript`,
      async run(wb) {
        // Empty the channel first, so that what is read afterwards was written by the command.
        await wb.runCommand(COMMANDS.showOutput);
        await wb.clearOutput();
        await wb.openFromExplorer(v.file);
        await wb.focusEditor();
        await wb.runCommand(COMMANDS.simulate);
        await checkOutput(wb, v, transcript);
      },
    });
  }
  if (v.outline) steps.push(outlineStep(n, v.file, v.outline));
  if (v.replay) steps.push(...replaySteps(n, v, v.replay));
  return steps;
}

/**
 * The Output channel must hold the header line, then exactly the judge's transcript.
 * @param {import('./workbench.mjs').Workbench} wb
 * @param {import('./expected.mjs').ValidDeck} v
 * @param {string} transcriptFile in FIXTURES
 */
async function checkOutput(wb, v, transcriptFile) {
  const transcript = await fsp.readFile(path.join(FIXTURES, transcriptFile), 'utf8');
  let text = '';
  let problem = 'no text';
  await until(async () => {
    text = await wb.outputText(OUTPUT_CHANNEL);
    const nl = text.indexOf('\n');
    const header = nl < 0 ? text : text.slice(0, nl);
    const body = nl < 0 ? '' : text.slice(nl + 1);
    if (!matches(header, v.header)) {
      problem = `header ${JSON.stringify(header)} does not match ${show(v.header)}`;
      return false;
    }
    // The Output editor's text ends where the channel's text ends; compare with and without the
    // final newline (a copy of the last line may or may not carry it).
    if (body !== transcript && `${body}\n` !== transcript) {
      problem = `transcript differs from ${transcriptFile}: ${describeDiff(transcript, body, 'transcript line')}`;
      return false;
    }
    return true;
  }, { interval: 1000, message: () => `Output "${OUTPUT_CHANNEL}": ${problem}` });
  const lines = text.split('\n').filter(Boolean).length;
  const header = JSON.stringify(text.split('\n')[0]);
  log(`    output: ${header} + ${lines - 1} transcript lines, identical to ${transcriptFile}`);
}

/** @param {StepContext} ctx @param {string} file */
async function readWorkspaceFile(ctx, file) {
  return fsp.readFile(path.join(ctx.workspace, file), 'utf8');
}

/**
 * The Outline view (Explorer) of a deck: its top-level rows, by name and detail.
 * @param {string} n
 * @param {string} file
 * @param {import('./expected.mjs').OutlineRow[]} outline
 * @returns {Step}
 */
function outlineStep(n, file, outline) {
  const want = outline.map((r) => `${r.name} ${r.detail}`);
  return {
    name: `${n}: the Outline view of ${file} lists ${outline.map((r) => r.name).join(', ')}`,
    async run(wb) {
      await wb.openFromExplorer(file);
      await wb.showOutline();
      /** @type {string[]} */
      let rows = [];
      await until(async () => JSON.stringify(rows = await wb.outlineRows()) === JSON.stringify(want), {
        message: () => `the Outline shows ${JSON.stringify(rows)}, expected ${JSON.stringify(want)}`,
      });
      await wb.elementScreenshot(`${n}-outline`, wb.page.locator('.outline-pane').first());
    },
  };
}
