// A user's walk-through of the packaged extension in code-server, with playwright.
// Imported by run.mjs (phase "walkthrough"); can also run alone:
//   DECK_SIM_E2E_VSIX=path/to.vsix node test/e2e/walkthrough.mjs
//
// Everything the extension is expected to show is DATA, in the block below: adjust texts there.
// To add a deck kind (e.g. .cirnodeck), add an entry to DECKS (and its files to
// test/e2e/fixtures/); the same steps run for it. Leave out `broken.quickFix` or `valid.hovers`
// to skip those steps for a kind.
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  cleanupAll, installSignalHandlers, installVsix, launchChromium, loadPlaywright, log,
  onCleanup, run, sleep, startCodeServer, Timings, withTimeout, workbenchUrl,
} from './lib.mjs';

// =============================================================================================
// Expected behaviour (the spec the extension implements). Strings match as substrings,
// RegExps as patterns.

export const OUTPUT_CHANNEL = 'Deck Simulator';
export const COMMANDS = {
  simulate: 'Deck Simulator: Simulate Deck', // deckSim.simulate
  showOutput: 'Deck Simulator: Show Transcript', // deckSim.showOutput
  openReplay: 'Deck Simulator: Open Replay', // deckSim.openReplay
};
export const DIAGNOSTIC_SOURCE = 'deck-sim';

export const DECKS = [
  {
    name: 'mahjong',
    language: 'Mahjong Deck', // status bar language label (language id mjdeck)
    // Files from test/e2e/fixtures/ copied into the user's workspace folder.
    workspaceFiles: ['broken.mjdeck', 'sample.mjdeck'],
    broken: {
      file: 'broken.mjdeck', // sample.mjdeck with line 3 `E` -> `5Q`, line 7 `5P` -> `5p`
      problems: [
        { line: 3, severity: 'error', message: "Unknown tile '5Q'" },
        { line: 7, severity: 'warning', message: '5p' },
      ],
      // true: no other problem rows may be listed for this file.
      exactProblems: false,
      quickFix: {
        line: 7,
        title: 'Change to 5P',
        lineBefore: '5p',
        lineAfter: '5P',
        // After the fix the problem on this line must be gone from the Problems panel.
        resolves: { line: 7, severity: 'warning' },
      },
    },
    valid: {
      file: 'sample.mjdeck', // = /work/shared/conformance/mahjong/official-01.in
      transcript: 'sample.expected.txt', // = official-01.ans, the judge's exact transcript
      // First line of the Output channel, then exactly the transcript.
      header: /^sample\.mjdeck: A wins by RON after \d+ events$/,
      // Saving the deck (Ctrl+S) writes the Output channel (false: only the commands do; the
      // save step then just saves and shows the transcript).
      outputOnSave: true,
      hovers: [
        { line: 3, expect: ['tile 3 of 148', 'dealt to C'] },
        { line: 53, expect: ['tile 53 of 148', 'drawn by A'] },
        { line: 100, expect: ['tile 100 of 148', 'never drawn'] },
      ],
      // "Open Replay" with the cursor on `cursorLine`: the webview beside the editor shows
      // `first`; each key (pressed in the webview) leads to its counter and caption; then the
      // cursor on `follow.line` in the editor moves the replay to that tile's draw.
      replay: {
        cursorLine: 1,
        first: { counter: 'Step 1 of 84', caption: 'Line 1: A IN 8M' },
        keys: [
          { key: 'End', counter: 'Step 84 of 84', caption: 'Line 84: A WIN' },
          { key: 'Home', counter: 'Step 1 of 84', caption: 'Line 1: A IN 8M' },
          { key: 'ArrowRight', counter: 'Step 2 of 84', caption: 'Line 2: B IN Z' },
          { key: 'ArrowRight', counter: 'Step 3 of 84', caption: 'Line 3: C IN E' },
          { key: 'ArrowLeft', counter: 'Step 2 of 84', caption: 'Line 2: B IN Z' },
        ],
        follow: { line: 54, counter: 'Step 55 of 84', caption: 'Line 55: C IN Z' },
      },
    },
  },
  {
    name: 'cirno',
    language: 'Cirno Deck', // language id cirnodeck
    workspaceFiles: ['broken.cirnodeck', 'sample.cirnodeck'],
    broken: {
      file: 'broken.cirnodeck', // sample.cirnodeck with `A19` -> `A3` on line 2 and the pile's C2 as `c2` on line 6
      problems: [
        { line: 2, severity: 'error', message: "Unknown card 'A3'. Did you mean A1, A2, A5?" },
        { line: 6, severity: 'warning', message: "Card names are uppercase: 'c2' is read as C2." },
      ],
      exactProblems: true,
      quickFix: {
        line: 6,
        title: 'Change to C2',
        lineBefore: 'c2',
        lineAfter: 'C2',
        resolves: { line: 6, severity: 'warning' },
      },
    },
    valid: {
      file: 'sample.cirnodeck', // = /work/shared/conformance/cirno/sample-2.in
      transcript: 'sample-cirno.expected.txt', // = sample-2.ans
      header: /^sample\.cirnodeck: 2 rounds played, 23 of 25 pile cards drawn$/,
      outputOnSave: true,
      hovers: [
        { line: 2, expect: ['Cirno — player 1 of 3', 'Final hand: A99 A99 A99'] },
        { line: 5, expect: ['pile card 1 of 25', 'drawn by Cirno in round 1, turn 1', 'p 74 → 83'] },
      ],
    },
  },
];

// =============================================================================================

const here = path.dirname(fileURLToPath(import.meta.url));
const FIXTURES = path.join(here, 'fixtures');
const isMac = false;
const MOD = isMac ? 'Meta' : 'Control';

class StepFailure extends Error {}
const fail = (msg) => { throw new StepFailure(msg); };

const matches = (text, pattern) => (pattern instanceof RegExp ? pattern.test(text) : text.includes(pattern));
const show = (pattern) => (pattern instanceof RegExp ? String(pattern) : JSON.stringify(pattern));

/** Poll fn until it returns a truthy value, or fail with message (a string or a function
 * called at failure time, so it can describe the last state seen). */
async function until(fn, { timeout = 20000, interval = 250, message = 'condition' } = {}) {
  const t0 = Date.now();
  let last;
  let lastErr;
  for (;;) {
    try {
      last = await fn();
      if (last) return last;
    } catch (e) { lastErr = e; }
    if (Date.now() - t0 > timeout) {
      const msg = typeof message === 'function' ? await message(last) : message;
      fail(`${msg} (waited ${Math.round(timeout / 1000)} s)${lastErr ? `; last error: ${lastErr.message}` : ''}`);
    }
    await sleep(interval);
  }
}

// ---------------------------------------------------------------------------------------------
// UI helpers: what a user does, with the workbench's own selectors.

class Workbench {
  constructor(page, { workspace, resultsDir }) {
    this.page = page;
    this.workspace = workspace;
    this.resultsDir = resultsDir;
    this.shot = 0;
  }

  async screenshot(name) {
    this.shot += 1;
    const file = path.join(this.resultsDir, `${String(this.shot).padStart(2, '0')}-${name.replace(/[^a-z0-9]+/gi, '-').replace(/^-|-$/g, '').toLowerCase()}.png`);
    await this.page.screenshot({ path: file }).catch(() => {});
    return file;
  }

  async waitForWorkbench() {
    await this.page.waitForSelector('.monaco-workbench', { timeout: 60000 });
    await this.page.waitForSelector('#workbench\\.parts\\.statusbar', { timeout: 60000 });
    // The Explorer shows the folder's files once the workbench has restored.
    await this.page.waitForSelector('.explorer-folders-view .monaco-list-row', { timeout: 60000 });
  }

  async key(combo) {
    await this.page.keyboard.press(combo);
  }

  async runCommand(title) {
    await this.key('F1');
    const input = this.page.locator('.quick-input-widget .quick-input-box input');
    await input.waitFor({ state: 'visible', timeout: 10000 });
    await input.fill(`>${title}`);
    const row = this.page.locator('.quick-input-widget .quick-input-list .monaco-list-row', { hasText: title }).first();
    try {
      await row.waitFor({ state: 'visible', timeout: 10000 });
    } catch {
      const rows = await this.page.locator('.quick-input-widget .quick-input-list .monaco-list-row').allInnerTexts();
      await this.key('Escape');
      fail(`command "${title}" is not in the command palette (rows: ${JSON.stringify(rows.slice(0, 5))})`);
    }
    await row.click();
    await this.page.locator('.quick-input-widget').waitFor({ state: 'hidden', timeout: 10000 }).catch(() => {});
  }

  async openFromExplorer(file) {
    const row = this.page.locator('.explorer-folders-view .monaco-list-row', { hasText: file }).first();
    if (!(await row.isVisible())) await this.runCommand('View: Show Explorer');
    await row.waitFor({ state: 'visible', timeout: 10000 }).catch(async () => {
      const rows = await this.page.locator('.explorer-folders-view .monaco-list-row').allInnerTexts();
      fail(`"${file}" is not in the Explorer (rows: ${JSON.stringify(rows)})`);
    });
    await row.click();
    await until(async () => (await this.activeTabLabel()) === file, {
      timeout: 15000, message: async () => `${file} did not open in an editor tab (active tab: ${await this.activeTabLabel()})`,
    });
    await this.page.locator('.editor-instance .monaco-editor .view-lines').first().waitFor({ timeout: 10000 });
  }

  /** The active editor tab's file name (from its aria-label, e.g. "broken.mjdeck, preview"). */
  async activeTabLabel() {
    return this.page.evaluate(() => {
      const tab = document.querySelector('.editor-group-container.active .tab.active')
        || document.querySelector('.tabs-container .tab.active');
      if (!tab) return null;
      const label = tab.getAttribute('aria-label') || tab.innerText;
      return label.split(',')[0].trim();
    });
  }

  async languageLabel() {
    const el = this.page.locator('[id="status.editor.mode"]');
    if (!(await el.count())) return null;
    return (await el.first().innerText()).trim();
  }

  async focusEditor() {
    // Click into the active editor's text area, then let keyboard commands position the cursor.
    // (the editor's root element: .view-lines is as tall as the document and may start above
    // the visible area when the editor is scrolled)
    await this.activeEditor().click({ position: { x: 200, y: 10 } });
  }

  async goToLine(line) {
    await this.focusEditor();
    await this.key(`${MOD}+g`);
    const input = this.page.locator('.quick-input-widget .quick-input-box input');
    await input.waitFor({ state: 'visible', timeout: 5000 });
    await input.fill(`:${line}`);
    await this.key('Enter');
    await this.page.locator('.quick-input-widget').waitFor({ state: 'hidden', timeout: 5000 }).catch(() => {});
    await until(async () => (await this.cursorLine()) === line, {
      timeout: 5000, message: async () => `the cursor did not reach line ${line} (status bar: ${await this.cursorStatus()})`,
    });
  }

  async cursorStatus() {
    const el = this.page.locator('[id="status.editor.selection"]');
    return (await el.count()) ? (await el.first().innerText()).trim() : null;
  }

  async cursorLine() {
    const m = (await this.cursorStatus())?.match(/Ln (\d+)/);
    return m ? Number(m[1]) : null;
  }

  /** Full text of an editor (a document or the Output view), via select-all and copy: the
   * editor model's text, however long (Monaco renders only the visible lines). */
  async copyAllFrom(editorLocator) {
    const SENTINEL = '\u0000deck-sim-e2e-nothing-copied';
    await this.page.evaluate((s) => navigator.clipboard.writeText(s), SENTINEL);
    await editorLocator.click({ position: { x: 100, y: 10 } });
    await this.key(`${MOD}+a`);
    await this.key(`${MOD}+c`);
    await sleep(200);
    const text = await this.page.evaluate(() => navigator.clipboard.readText());
    // Leave the selection (a collapsed cursor where it was selected from).
    await this.key('ArrowLeft');
    // Copying an empty editor copies nothing (or, with an empty selection, the empty line).
    return text === SENTINEL || text === '\n' ? '' : text;
  }

  activeEditor() {
    return this.page.locator('.editor-group-container.active .editor-instance .monaco-editor').first();
  }

  async openProblems() {
    if (!(await this.page.locator('.markers-panel').isVisible().catch(() => false))) {
      await this.key(`${MOD}+Shift+m`);
    }
    await this.page.locator('.markers-panel').waitFor({ state: 'visible', timeout: 10000 });
  }

  /** Problems panel rows, in order, read from their aria-labels (English UI):
   *  file rows    "3 problems in file broken.mjdeck of folder ."
   *  marker rows  "Error: <message> at line 3 and character 1. generated by deck-sim"
   * (the visible icon is not reliable: a focused row shows a light bulb instead). */
  async problemRows() {
    const rows = await this.page.evaluate(() => [...document.querySelectorAll('.markers-panel .monaco-list-row')].map((r) => ({
      index: Number(r.getAttribute('data-index')),
      label: r.getAttribute('aria-label') || '',
      text: r.innerText.replace(/\s+/g, ' ').trim(),
    })));
    rows.sort((a, b) => a.index - b.index);
    const out = [];
    let file = null;
    for (const r of rows) {
      const res = r.label.match(/ in file (.+) of folder /);
      if (res) { file = res[1]; continue; }
      const m = r.label.match(/^(Error|Warning|Info)[^:]*: ([\s\S]*) at line (\d+) and character (\d+)\.(?: generated by (.*))?$/);
      if (!m) {
        const ln = r.text.match(/\[Ln (\d+), Col (\d+)\]/); // fallback: the row's visible text
        if (ln) out.push({ file, line: Number(ln[1]), col: Number(ln[2]), severity: 'unknown', message: r.text, source: '', text: r.text });
        continue;
      }
      out.push({
        file, severity: m[1].toLowerCase(), message: m[2], line: Number(m[3]), col: Number(m[4]),
        source: m[5] ? m[5].replace(/\s*\(.*\)$/, '').trim() : '', text: r.text,
      });
    }
    return out;
  }

  /** The Output view's full text, after making sure it shows `channel`. */
  async outputText(channel) {
    const view = this.page.locator('.output-view');
    await view.waitFor({ state: 'visible', timeout: 10000 });
    const shown = await this.outputChannelShown();
    if (shown !== null && shown !== channel) fail(`the Output view shows channel "${shown}", not "${channel}"`);
    return this.copyAllFrom(this.page.locator('.output-view .monaco-editor').first());
  }

  /** Clear the Output view (its "Clear Output" title button), and check it is empty. */
  async clearOutput() {
    const button = this.page.locator('.part.panel .title-actions .action-label[aria-label^="Clear Output"], .part.panel .action-label.codicon-clear-all').first();
    if (await button.isVisible().catch(() => false)) await button.click();
    else await this.runCommand('Clear Output');
    let text = '';
    await until(async () => (text = await this.copyAllFrom(this.page.locator('.output-view .monaco-editor').first())) === '', {
      timeout: 5000, message: () => `the Output view is not empty after "Clear Output": ${JSON.stringify(text.slice(0, 200))}`,
    });
  }

  async outputChannelShown() {
    return this.page.evaluate(() => {
      const sel = [...document.querySelectorAll('.part.panel select.monaco-select-box, .part.auxiliarybar select.monaco-select-box')]
        .find((s) => s.offsetParent !== null);
      return sel ? sel.options[sel.selectedIndex]?.text ?? null : null;
    });
  }

  async hoverAtCursor() {
    // Move the mouse over the first character of the cursor's line, as a user would point at it.
    const pos = await this.page.evaluate(() => {
      const ed = document.querySelector('.editor-group-container.active .monaco-editor');
      const cur = ed?.querySelector('.cursors-layer .cursor');
      const lines = ed?.querySelector('.view-lines');
      if (!cur || !lines) return null;
      const c = cur.getBoundingClientRect();
      const l = lines.getBoundingClientRect();
      return { x: l.left + 4, y: c.top + c.height / 2 };
    });
    if (!pos) fail('could not find the cursor to hover at');
    await this.page.mouse.move(pos.x + 40, pos.y + 200);
    await this.page.mouse.move(pos.x, pos.y, { steps: 5 });
    const hover = this.page.locator('.monaco-hover:not(.hidden)').first();
    try {
      await hover.waitFor({ state: 'visible', timeout: 5000 });
    } catch {
      // Keyboard fallback: "Show or Focus Hover" (Ctrl+K Ctrl+I) at the cursor.
      await this.key(`${MOD}+k`);
      await this.key(`${MOD}+i`);
      await hover.waitFor({ state: 'visible', timeout: 5000 }).catch(() => {});
    }
    return (await hover.isVisible()) ? (await hover.innerText()).trim() : null;
  }
}

// ---------------------------------------------------------------------------------------------
// The steps

/** Build the named steps for one deck kind. Each step: { name, run(wb, ctx) }. */
function deckSteps(deck) {
  const steps = [];
  const n = deck.name;
  const b = deck.broken;
  const v = deck.valid;

  if (b) {
    steps.push({
      name: `${n}: open ${b.file} from the Explorer; status bar says ${deck.language}`,
      async run(wb) {
        await wb.openFromExplorer(b.file);
        await until(async () => (await wb.languageLabel()) === deck.language, {
          timeout: 20000, message: async () => `status bar language is "${await wb.languageLabel()}", expected "${deck.language}"`,
        });
      },
    });
    steps.push({
      name: `${n}: Problems lists the expected problems of ${b.file}`,
      async run(wb) {
        await wb.openProblems();
        let rows = [];
        const missing = () => b.problems.filter((p) => !rows.some((r) => r.file === b.file && r.line === p.line
          && r.severity === p.severity && matches(r.message, p.message)));
        await until(async () => {
          rows = await wb.problemRows();
          return missing().length === 0;
        }, {
          timeout: 45000, // the language server may still be starting
          message: () => `missing problems: ${missing().map((p) => `${p.severity} on line ${p.line} matching ${show(p.message)}`).join('; ')}; ` +
            `rows shown: ${JSON.stringify(rows.map((r) => `${r.file}:${r.line} ${r.severity} ${r.message}`))}`,
        });
        const mine = rows.filter((r) => r.file === b.file);
        for (const r of mine) log(`    problem: line ${r.line} ${r.severity} [${r.source}]: ${r.message}`);
        const notSource = mine.filter((r) => r.source !== DIAGNOSTIC_SOURCE);
        if (notSource.length) fail(`problem rows without source "${DIAGNOSTIC_SOURCE}": ${JSON.stringify(notSource.map((r) => r.text))}`);
        if (b.exactProblems && mine.length !== b.problems.length) {
          fail(`expected exactly ${b.problems.length} problems for ${b.file}, got ${mine.length}`);
        }
      },
    });
    if (b.quickFix) {
      const q = b.quickFix;
      steps.push({
        name: `${n}: quick fix "${q.title}" on line ${q.line}`,
        async run(wb, ctx) {
          await wb.openFromExplorer(b.file);
          const before = await readWorkspaceFile(ctx, b.file);
          const beforeLines = before.split('\n');
          if (beforeLines[q.line - 1] !== q.lineBefore) {
            fail(`fixture ${b.file} line ${q.line} is ${JSON.stringify(beforeLines[q.line - 1])}, expected ${JSON.stringify(q.lineBefore)}`);
          }
          await wb.goToLine(q.line);
          await wb.key(`${MOD}+.`);
          // The code action menu (an "action widget"; the workbench keeps a hidden one around).
          const actions = wb.page.locator('.action-widget .monaco-list-row.action');
          await actions.first().waitFor({ state: 'visible', timeout: 15000 }).catch(async () => {
            const hint = await wb.page.locator('.monaco-editor-overlaymessage').allInnerTexts().catch(() => []);
            fail(`Ctrl+. on line ${q.line} opened no quick fix menu${hint.length ? ` (editor says ${JSON.stringify(hint.join(' '))})` : ''}`);
          });
          const item = actions.filter({ hasText: q.title }).first();
          await item.waitFor({ state: 'visible', timeout: 10000 }).catch(async () => {
            const items = await actions.allInnerTexts();
            await wb.key('Escape');
            fail(`no quick fix "${q.title}" in the menu (items: ${JSON.stringify(items)})`);
          });
          await wb.screenshot(`${n}-quick-fix-menu`);
          await item.click();
          await actions.first().waitFor({ state: 'hidden', timeout: 5000 }).catch(() => {});
          // The editor's text (its model, via select-all + copy) must now have the fixed line and
          // nothing else changed.
          const expected = beforeLines.map((l, i) => (i === q.line - 1 ? q.lineAfter : l)).join('\n');
          let got = '';
          await until(async () => {
            got = await wb.copyAllFrom(wb.activeEditor());
            return got === expected;
          }, { timeout: 10000, message: () => `after the quick fix the document is not as expected: ${describeDiff(expected, got)}` });
          // Saved, the file on disk has the change too.
          await wb.key(`${MOD}+s`);
          await until(async () => (await readWorkspaceFile(ctx, b.file)) === expected, {
            timeout: 10000, message: `${b.file} on disk does not have the fix after Ctrl+S`,
          });
          if (q.resolves) {
            await wb.openProblems();
            await until(async () => !(await wb.problemRows()).some((r) => r.file === b.file
              && r.line === q.resolves.line && r.severity === q.resolves.severity), {
              timeout: 20000, message: `the ${q.resolves.severity} on line ${q.resolves.line} is still listed after the fix`,
            });
          }
        },
      });
    }
  }

  if (v) {
    steps.push({
      name: `${n}: open ${v.file}; status bar says ${deck.language}; no problems for it`,
      async run(wb) {
        await wb.openFromExplorer(v.file);
        await until(async () => (await wb.languageLabel()) === deck.language, {
          timeout: 20000, message: async () => `status bar language is "${await wb.languageLabel()}", expected "${deck.language}"`,
        });
        await wb.openProblems();
        await sleep(1500); // give diagnostics a moment to appear, if any
        const mine = (await wb.problemRows()).filter((r) => r.file === v.file);
        if (mine.length) fail(`a valid deck has problems: ${JSON.stringify(mine.map((r) => `${r.line} ${r.severity} ${r.message}`))}`);
      },
    });
    if (v.transcript) {
      steps.push({
        name: `${n}: save ${v.file} (Ctrl+S); Output "${OUTPUT_CHANNEL}" has the header and the judge transcript`,
        async run(wb, ctx) {
          await wb.openFromExplorer(v.file);
          if (v.outputOnSave) {
            // Empty the channel first, so that what is read afterwards was written by the save.
            await wb.runCommand(COMMANDS.showOutput);
            await wb.clearOutput();
          }
          await wb.openFromExplorer(v.file);
          await wb.focusEditor();
          await wb.key(`${MOD}+s`);
          await sleep(500);
          await wb.runCommand(COMMANDS.showOutput);
          await checkOutput(wb, ctx, v);
        },
      });
    }
    for (const h of v.hovers ?? []) {
      steps.push({
        name: `${n}: hover line ${h.line} of ${v.file} shows ${h.expect.map(show).join(', ')}`,
        async run(wb) {
          await wb.openFromExplorer(v.file);
          await wb.goToLine(h.line);
          let text = null;
          await until(async () => {
            text = await wb.hoverAtCursor();
            if (text && h.expect.every((e) => matches(text, e))) return true;
            await wb.key('Escape');
            return false;
          }, { timeout: 20000, interval: 500, message: () => `hover on line ${h.line} ${text ? `reads ${JSON.stringify(text)}` : 'did not appear'}; expected ${h.expect.map(show).join(', ')}` });
          log(`    hover: ${JSON.stringify(text)}`);
          await wb.screenshot(`${n}-hover-line-${h.line}`);
          await wb.key('Escape');
        },
      });
    }
    if (v.transcript) {
      steps.push({
        name: `${n}: F1 "${COMMANDS.simulate}" on ${v.file}; Output has the transcript`,
        async run(wb, ctx) {
          // Empty the channel first, so that what is read afterwards was written by the command.
          await wb.runCommand(COMMANDS.showOutput);
          await wb.clearOutput();
          await wb.openFromExplorer(v.file);
          await wb.focusEditor();
          await wb.runCommand(COMMANDS.simulate);
          await checkOutput(wb, ctx, v);
        },
      });
    }
    if (v.replay) steps.push(...replaySteps(n, v));
  }
  return steps;
}

/** The replay webview's inner frame (the one holding the page of media/replay/), or null. */
async function replayFrame(page) {
  for (const frame of page.frames()) {
    if (await frame.$('#counter.counter').catch(() => null)) return frame;
  }
  return null;
}

/** What the replay shows: its step counter and caption. */
async function replayShows(page) {
  const frame = await replayFrame(page);
  if (!frame) return null;
  return frame.evaluate(() => ({
    counter: document.getElementById('counter')?.textContent ?? '',
    caption: document.getElementById('caption')?.textContent ?? '',
  }));
}

function replaySteps(n, v) {
  const r = v.replay;
  const showing = (wb, want) => until(async () => {
    const now = await replayShows(wb.page);
    return now && now.counter === want.counter && now.caption === want.caption;
  }, {
    timeout: 20000,
    message: async () => `the replay shows ${JSON.stringify(await replayShows(wb.page))}, expected ${JSON.stringify(want)}`,
  });
  return [
    {
      name: `${n}: F1 "${COMMANDS.openReplay}" on ${v.file}; the replay opens beside the editor`,
      async run(wb) {
        await wb.openFromExplorer(v.file);
        await wb.goToLine(r.cursorLine);
        await wb.runCommand(COMMANDS.openReplay);
        await showing(wb, r.first);
        if ((await wb.activeTabLabel()) !== v.file) fail(`the editor lost the focus to ${await wb.activeTabLabel()}`);
      },
    },
    {
      name: `${n}: step through the replay with the keyboard`,
      async run(wb) {
        const frame = await replayFrame(wb.page);
        if (!frame) fail('the replay webview is not open');
        await frame.click('#caption');
        for (const k of r.keys) {
          await wb.key(k.key);
          await showing(wb, k);
          log(`    ${k.key}: ${k.counter}: ${k.caption}`);
        }
        await wb.screenshot(`${n}-replay-after-keys`);
      },
    },
    {
      name: `${n}: the cursor on line ${r.follow.line} moves the replay to ${r.follow.caption}`,
      async run(wb) {
        await wb.key(`${MOD}+1`); // back to the editor's group from the webview
        await wb.goToLine(r.follow.line);
        await showing(wb, r.follow);
      },
    },
  ];
}

async function checkOutput(wb, ctx, v) {
  const transcript = await fsp.readFile(path.join(FIXTURES, v.transcript), 'utf8');
  let text = '';
  let problem = 'no text';
  await until(async () => {
    text = await wb.outputText(OUTPUT_CHANNEL);
    const nl = text.indexOf('\n');
    const header = nl < 0 ? text : text.slice(0, nl);
    const body = nl < 0 ? '' : text.slice(nl + 1);
    if (!matches(header, v.header)) { problem = `header ${JSON.stringify(header)} does not match ${show(v.header)}`; return false; }
    // The Output editor's text ends where the channel's text ends; compare with and without the
    // final newline (a copy of the last line may or may not carry it).
    if (body !== transcript && `${body}\n` !== transcript) {
      problem = `transcript differs from ${v.transcript}: ${describeDiff(transcript, body, 'transcript line')}`;
      return false;
    }
    return true;
  }, { timeout: 30000, interval: 1000, message: () => `Output "${OUTPUT_CHANNEL}": ${problem}` });
  const lines = text.split('\n').filter(Boolean).length;
  log(`    output: ${JSON.stringify(text.split('\n')[0])} + ${lines - 1} transcript lines, identical to ${v.transcript}`);
}

function describeDiff(expected, got, what = 'line') {
  const e = expected.split('\n');
  const g = got.split('\n');
  for (let i = 0; i < Math.max(e.length, g.length); i++) {
    if (e[i] !== g[i]) {
      return `first difference at ${what} ${i + 1}: expected ${JSON.stringify(e[i] ?? '<end>')}, got ${JSON.stringify(g[i] ?? '<end>')} ` +
        `(${e.length} vs ${g.length} lines)`;
    }
  }
  return 'texts differ only in line endings';
}

async function readWorkspaceFile(ctx, file) {
  return fsp.readFile(path.join(ctx.workspace, file), 'utf8');
}

// ---------------------------------------------------------------------------------------------
// Runner

export async function runWalkthrough({ tools, tmp, playwright, vsix, resultsDir, timings = new Timings() }) {
  const decks = process.env.DECK_SIM_E2E_ONLY
    ? DECKS.filter((d) => process.env.DECK_SIM_E2E_ONLY.split(',').includes(d.name)) : DECKS;
  const dir = path.join(tmp, 'walkthrough');
  const workspace = path.join(dir, 'workspace');
  await fsp.mkdir(workspace, { recursive: true });
  for (const d of decks) {
    for (const f of d.workspaceFiles) {
      const src = path.join(FIXTURES, f);
      if (!fs.existsSync(src)) throw new Error(`fixture missing: ${path.relative(process.cwd(), src)}`);
      await fsp.copyFile(src, path.join(workspace, f));
    }
  }
  await fsp.mkdir(resultsDir, { recursive: true });

  await timings.phase('walkthrough: install .vsix', () => installVsix({ tools, vsix, dir }));
  const cs = await startCodeServer({
    tools, dir, folder: workspace, name: 'code-server-walkthrough',
    logFile: path.join(resultsDir, 'code-server-walkthrough.log'),
  });
  onCleanup(cs.stop);
  const chrome = await launchChromium({
    playwright, profileDir: path.join(dir, 'chromium-profile'), name: 'chromium-walkthrough',
    logFile: path.join(resultsDir, 'chromium-walkthrough.log'),
  });
  onCleanup(chrome.stop);

  const failures = [];
  const results = [];
  try {
    const context = await chrome.browser.newContext({ viewport: { width: 1600, height: 1000 } });
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: cs.baseUrl });
    const page = await context.newPage();
    page.setDefaultTimeout(15000);
    const wb = new Workbench(page, { workspace, resultsDir });
    const ctx = { workspace, baseUrl: cs.baseUrl };

    const steps = [
      {
        name: 'open the workspace in code-server; the extension is installed',
        async run() {
          await page.goto(workbenchUrl(cs.baseUrl, cs.port, workspace));
          await wb.waitForWorkbench();
        },
      },
      ...decks.flatMap(deckSteps),
    ];

    for (const step of steps) {
      const t0 = Date.now();
      let error = null;
      try {
        await withTimeout(step.run(wb, ctx), 120000, step.name);
      } catch (e) {
        error = e;
      }
      const ms = Date.now() - t0;
      const shot = await wb.screenshot(step.name);
      results.push({ name: step.name, ok: !error, ms, error: error?.message, screenshot: path.relative(resultsDir, shot) });
      if (error) {
        log(`  ✗ ${step.name} (${(ms / 1000).toFixed(1)} s)\n      ${error instanceof StepFailure ? error.message : error.stack}`);
        failures.push(`${step.name}: ${error.message.split('\n')[0]}`);
        // Tidy up for the next step: close menus, pickers, hovers.
        for (let i = 0; i < 3; i++) await page.keyboard.press('Escape').catch(() => {});
        if (step === steps[0]) break; // without a workbench nothing else can run
      } else {
        log(`  ✓ ${step.name} (${(ms / 1000).toFixed(1)} s)`);
      }
    }
  } finally {
    await fsp.writeFile(path.join(resultsDir, 'walkthrough.json'), JSON.stringify(results, null, 2));
    await chrome.stop();
    await cs.stop();
  }
  const passed = results.filter((r) => r.ok).length;
  log(`walkthrough: ${passed} passed, ${results.length - passed} failed (screenshots in ${path.relative(process.cwd(), resultsDir) || resultsDir})`);
  return { failures, results };
}

// Standalone: node test/e2e/walkthrough.mjs (needs DECK_SIM_E2E_VSIX and an installed code-server)
if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  installSignalHandlers();
  const repo = path.resolve(here, '..', '..');
  let code = 1;
  try {
    if (!process.env.DECK_SIM_E2E_VSIX) throw new Error('set DECK_SIM_E2E_VSIX (or use test/e2e/run.mjs)');
    const { stdout } = await run('bash', [path.join(repo, 'scripts/e2e/install-code-server.sh')], { capture: true });
    const tools = JSON.parse(await fsp.readFile(stdout.match(/^E2E_TOOLS=(.+)$/m)[1], 'utf8'));
    const tmp = await fsp.mkdtemp(path.join(os.tmpdir(), 'deck-sim-e2e-'));
    onCleanup(() => fsp.rm(tmp, { recursive: true, force: true }));
    const resultsDir = path.resolve(process.env.DECK_SIM_E2E_RESULTS_DIR || path.join(repo, 'test-results/e2e'));
    const r = await runWalkthrough({
      tools, tmp, playwright: await loadPlaywright(repo), vsix: path.resolve(process.env.DECK_SIM_E2E_VSIX), resultsDir,
    });
    code = r.failures.length ? 1 : 0;
  } catch (e) {
    log(`ERROR: ${e.stack || e.message}`);
  } finally {
    await cleanupAll();
  }
  process.exit(code);
}
