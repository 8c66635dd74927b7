/// <reference lib="dom" />
/// <reference lib="dom.iterable" />
// What a user does in the workbench, with the workbench's own selectors (English UI).
// page.evaluate callbacks run in the page, hence the DOM types.
import path from 'node:path';
import { becomes, fail, patience, probe, until } from './checks.mjs';

const isMac = false;
/** The modifier of the workbench's shortcuts. */
export const MOD = isMac ? 'Meta' : 'Control';

const QUICK_INPUT = '.quick-input-widget';
const QUICK_INPUT_BOX = `${QUICK_INPUT} .quick-input-box input`;
const QUICK_INPUT_ROWS = `${QUICK_INPUT} .quick-input-list .monaco-list-row`;
const EXPLORER_ROWS = '.explorer-folders-view .monaco-list-row';
const OUTPUT_EDITOR = '.output-view .monaco-editor';

/**
 * A Problems panel row.
 * @typedef {object} ProblemRow
 * @property {string | null} file
 * @property {number} line
 * @property {number} col
 * @property {string} severity 'error', 'warning', 'info', or 'unknown' when read from the text
 * @property {string} message
 * @property {string} source
 * @property {string} text the row's visible text
 */

export class Workbench {
  /**
   * @param {import('playwright-core').Page} page
   * @param {{ workspace: string, resultsDir: string }} o
   */
  constructor(page, { workspace, resultsDir }) {
    this.page = page;
    this.workspace = workspace;
    this.resultsDir = resultsDir;
    this.shot = 0;
  }

  /** A numbered screenshot `NN-name.png` in the results folder. */
  async screenshot(/** @type {string} */ name) {
    this.shot += 1;
    const slug = name.replace(/[^a-z0-9]+/gi, '-').replace(/^-|-$/g, '').toLowerCase();
    const file = path.join(this.resultsDir, `${String(this.shot).padStart(2, '0')}-${slug}.png`);
    await this.page.screenshot({ path: file }).catch(() => {});
    return file;
  }

  /** A numbered screenshot of one element (e.g. the replay's Why section). */
  async elementScreenshot(/** @type {string} */ name, /** @type {import('playwright-core').Locator} */ element) {
    this.shot += 1;
    const slug = name.replace(/[^a-z0-9]+/gi, '-').replace(/^-|-$/g, '').toLowerCase();
    const file = path.join(this.resultsDir, `${String(this.shot).padStart(2, '0')}-${slug}.png`);
    await element.screenshot({ path: file });
    return file;
  }

  /**
   * Shows the Explorer's Outline view (it follows the active editor), its tree collapsed (its
   * "Collapse All" title action), so that every top-level row fits in the pane.
   */
  async showOutline() {
    await this.focusOutline();
    // Its title shows "Collapse All", or "Expand All" once collapsed (by an earlier step).
    await until(() => this.page.evaluate(() => {
      const header = document.querySelector('.outline-pane')?.closest('.pane')?.querySelector('.pane-header');
      const action = /** @type {HTMLElement | null | undefined} */ (
        header?.querySelector('.action-label[aria-label^="Collapse All"]'));
      action?.click();
      return Boolean(action || header?.querySelector('.action-label[aria-label^="Expand All"]'));
    }), { message: 'the Outline view has no "Collapse All" action' });
  }

  /** Focuses the Explorer's Outline view, and waits for its rows: the server's symbols of the active editor. */
  async focusOutline() {
    await this.runCommand('Explorer: Focus on Outline View');
    await this.page.locator('.outline-pane').first().waitFor({ state: 'visible', timeout: patience() });
    await this.page.locator('.outline-pane .monaco-list-row').first().waitFor({ timeout: patience() });
  }

  /** The Outline view's top-level rows: `name detail`. */
  async outlineRows() {
    return this.page.evaluate(() => [...document.querySelectorAll('.outline-pane .monaco-list-row[aria-level="1"]')]
      .map((r) => [r.querySelector('.label-name'), r.querySelector('.label-description')]
        .map((e) => /** @type {HTMLElement | null} */ (e)?.innerText.trim() ?? '').join(' ')));
  }

  async waitForWorkbench() {
    await this.page.waitForSelector('.monaco-workbench', { timeout: patience() });
    await this.page.waitForSelector('#workbench\\.parts\\.statusbar', { timeout: patience() });
    // The Explorer shows the folder's files once the workbench has restored.
    await this.page.waitForSelector(EXPLORER_ROWS, { timeout: patience() });
  }

  async key(/** @type {string} */ combo) {
    await this.page.keyboard.press(combo);
  }

  /**
   * Presses `combo` until `shown` is visible: a key pressed while the focus moves can be lost, so
   * it is pressed again, as a person would, each time after waiting longer.
   * @param {string} combo
   * @param {import('playwright-core').Locator} shown
   * @param {string} what what the key should show, for the failure message
   */
  async pressFor(combo, shown, what) {
    let attempt = 0;
    await until(async () => {
      if (await shown.isVisible()) return true;
      await this.key(combo);
      return shown.waitFor({ state: 'visible', timeout: probe(attempt++) }).then(() => true, () => false);
    }, { message: `${combo} did not show ${what}` });
  }

  /**
   * Types `value` into the open quick input until `shown` appears (the row wanted, once the list
   * is filtered). The workbench may set the box's value itself after the box shows, replacing
   * what was typed (code-server's folder dialog writes its path once it has read the folder), so
   * whenever the box holds anything else the value is typed again, up to the step's limit.
   * When the box has closed (the focus moved: a save showing the Output), `reopen` opens it again.
   * @param {string} value
   * @param {import('playwright-core').Locator} shown
   * @param {string} what what `shown` is, for the failure message
   * @param {() => Promise<void>} [reopen]
   */
  async typeUntilShown(value, shown, what, reopen) {
    const input = this.page.locator(QUICK_INPUT_BOX);
    let attempt = 0;
    await until(async () => {
      if (!(await input.isVisible())) {
        if (reopen) await reopen();
        return false;
      }
      // A box that closes under the fill is not waited for past this round.
      if ((await input.inputValue()) !== value) await input.fill(value, { timeout: probe(attempt) });
      return becomes(() => shown.isVisible(), probe(attempt++));
    }, {
      interval: 50,
      message: async () => `${what} did not show; the box holds ${await this.quickInputValue()}, `
        + `typed ${JSON.stringify(value)}`,
    });
  }

  /**
   * Types `value` into the open quick input and presses Enter until `taken` holds. The value is
   * typed again whenever the box holds anything else (see typeUntilShown), and Enter is pressed
   * only once the box is seen to hold it; Enter is pressed again after growing waits (a first
   * Enter may only open a folder in the folder dialog). When the box has closed without `taken`,
   * `reopen` opens it again.
   * @param {string} value
   * @param {() => Promise<boolean>} taken
   * @param {string} what what Enter should do, for the failure message
   * @param {() => Promise<void>} [reopen]
   */
  async enterUntil(value, taken, what, reopen) {
    const input = this.page.locator(QUICK_INPUT_BOX);
    let attempt = 0;
    await until(async () => {
      if (await taken()) return true;
      if (!(await input.isVisible())) {
        if (reopen) await reopen();
        return false;
      }
      if ((await input.inputValue()) !== value) {
        await input.fill(value, { timeout: probe(attempt) });
        return false; // Enter on the next round, once the value is seen to hold
      }
      await this.key('Enter');
      return becomes(taken, probe(attempt++));
    }, {
      interval: 100,
      message: async () => `${what}: not done after typing ${JSON.stringify(value)} and Enter; `
        + `the box holds ${await this.quickInputValue()}`,
    });
  }

  /** The quick input box's value, for messages ("closed" when it is not shown). */
  async quickInputValue() {
    const input = this.page.locator(QUICK_INPUT_BOX);
    return (await input.isVisible()) ? JSON.stringify(await input.inputValue()) : 'nothing (closed)';
  }

  /** Whether the quick input is open with this placeholder: a command's own picker, not the palette. */
  async quickInputAsks(/** @type {string} */ placeholder) {
    const input = this.page.locator(QUICK_INPUT_BOX);
    return (await input.isVisible()) && (await input.getAttribute('placeholder')) === placeholder;
  }

  /** Runs a command from the command palette (F1) by its title. */
  async runCommand(/** @type {string} */ title) {
    const input = this.page.locator(QUICK_INPUT_BOX);
    await this.pressFor('F1', input, 'the command palette');
    const row = this.page.locator(QUICK_INPUT_ROWS, { hasText: title }).first();
    try {
      await this.typeUntilShown(`>${title}`, row, `the command palette's row "${title}"`,
        () => this.pressFor('F1', input, 'the command palette'));
    } catch (e) {
      const rows = await this.page.locator(QUICK_INPUT_ROWS).allInnerTexts();
      await this.key('Escape');
      fail(`command "${title}" is not in the command palette (rows: ${JSON.stringify(rows.slice(0, 5))}): `
        + /** @type {Error} */ (e).message);
    }
    await row.click();
    // Taken: the palette closes, or gives way to the command's own picker (its text is no longer ours).
    const quickInput = this.page.locator(QUICK_INPUT);
    await until(async () => !(await quickInput.isVisible()) || (await input.inputValue()) !== `>${title}`, {
      interval: 100, message: `the command palette still shows ${JSON.stringify(title)} after it was picked`,
    });
  }

  async openFromExplorer(/** @type {string} */ file) {
    const row = this.page.locator(EXPLORER_ROWS, { hasText: file }).first();
    if (!(await row.isVisible())) await this.runCommand('View: Show Explorer');
    await row.waitFor({ state: 'visible', timeout: patience() }).catch(async () => {
      const rows = await this.page.locator(EXPLORER_ROWS).allInnerTexts();
      fail(`"${file}" is not in the Explorer (rows: ${JSON.stringify(rows)})`);
    });
    await row.click();
    await until(async () => (await this.activeTabLabel()) === file, {
      message: async () => `${file} did not open in an editor tab (active tab: ${await this.activeTabLabel()})`,
    });
    // The first file of a session also loads the editor itself.
    await this.page.locator('.editor-instance .monaco-editor .view-lines').first().waitFor({ timeout: patience() });
  }

  /** The active editor tab's file name (from its aria-label, e.g. "broken.mjdeck, preview"). */
  async activeTabLabel() {
    return this.page.evaluate(() => {
      const tab = /** @type {HTMLElement | null} */ (
        document.querySelector('.editor-group-container.active .tab.active')
        || document.querySelector('.tabs-container .tab.active'));
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

  async goToLine(/** @type {number} */ line) {
    const input = this.page.locator(QUICK_INPUT_BOX);
    const quickInput = this.page.locator(QUICK_INPUT);
    const open = async () => {
      await this.focusEditor();
      await this.pressFor(`${MOD}+g`, input, 'the Go to Line box');
    };
    await open();
    await this.enterUntil(`:${line}`,
      async () => !(await quickInput.isVisible()) && (await this.cursorLine()) === line,
      `Go to Line ${line}`, open);
  }

  async cursorStatus() {
    const el = this.page.locator('[id="status.editor.selection"]');
    return (await el.count()) ? (await el.first().innerText()).trim() : null;
  }

  async cursorLine() {
    const m = (await this.cursorStatus())?.match(/Ln (\d+)/);
    return m ? Number(m[1]) : null;
  }

  /**
   * Full text of an editor (a document or the Output view), via select-all and copy: the
   * editor model's text, however long (Monaco renders only the visible lines).
   * @param {import('playwright-core').Locator} editorLocator
   */
  async copyAllFrom(editorLocator) {
    const SENTINEL = '\u0000deck-sim-e2e-nothing-copied';
    await this.page.evaluate((s) => navigator.clipboard.writeText(s), SENTINEL);
    await editorLocator.click({ position: { x: 100, y: 10 } });
    await this.key(`${MOD}+a`);
    await this.key(`${MOD}+c`);
    // The copy reaches the clipboard a moment later. Copying an empty editor copies nothing (or,
    // with an empty selection, the empty line): an editor that shows no text is waited for no longer.
    let text = SENTINEL;
    await until(async () => {
      text = await this.page.evaluate(() => navigator.clipboard.readText());
      return text !== SENTINEL || (await editorLocator.locator('.view-lines').innerText()).trim() === '';
    }, { interval: 50, message: 'Ctrl+A Ctrl+C copied nothing from an editor that shows text' });
    // Leave the selection (a collapsed cursor where it was selected from).
    await this.key('ArrowLeft');
    return text === SENTINEL || text === '\n' ? '' : text;
  }

  activeEditor() {
    return this.page.locator('.editor-group-container.active .editor-instance .monaco-editor').first();
  }

  async openProblems() {
    // The command only ever shows the panel (the shortcut toggles it), so it is given again
    // while another view takes the panel's place, e.g. the Output a save shows.
    const panel = this.page.locator('.markers-panel');
    let attempt = 0;
    await until(async () => {
      if (await panel.isVisible().catch(() => false)) return true;
      await this.runCommand('Problems: Focus on Problems View');
      return panel.waitFor({ state: 'visible', timeout: probe(attempt++) }).then(() => true, () => false);
    }, { interval: 100, message: 'the Problems panel did not open' });
  }

  /**
   * Problems panel rows, in order, read from their aria-labels (English UI):
   *  file rows    "3 problems in file broken.mjdeck of folder ."
   *  marker rows  "Error: <message> at line 3 and character 1. generated by deck-sim"
   * (the visible icon is not reliable: a focused row shows a light bulb instead).
   * @returns {Promise<ProblemRow[]>}
   */
  async problemRows() {
    const rows = await this.page.evaluate(() => [...document.querySelectorAll('.markers-panel .monaco-list-row')]
      .map((r) => ({
        index: Number(r.getAttribute('data-index')),
        label: r.getAttribute('aria-label') || '',
        text: /** @type {HTMLElement} */ (r).innerText.replace(/\s+/g, ' ').trim(),
      })));
    rows.sort((a, b) => a.index - b.index);
    /** @type {ProblemRow[]} */
    const out = [];
    /** @type {string | null} */
    let file = null;
    const marker = /^(Error|Warning|Info)[^:]*: ([\s\S]*) at line (\d+) and character (\d+)\.(?: generated by (.*))?$/;
    for (const r of rows) {
      const res = r.label.match(/ in file (.+) of folder /);
      if (res) { file = res[1]; continue; }
      const m = r.label.match(marker);
      if (!m) {
        const ln = r.text.match(/\[Ln (\d+), Col (\d+)\]/); // fallback: the row's visible text
        if (ln) {
          const [line, col] = [Number(ln[1]), Number(ln[2])];
          out.push({ file, line, col, severity: 'unknown', message: r.text, source: '', text: r.text });
        }
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
  async outputText(/** @type {string} */ channel) {
    const view = this.page.locator('.output-view');
    await view.waitFor({ state: 'visible', timeout: patience() });
    const shown = await this.outputChannelShown();
    if (shown !== null && shown !== channel) fail(`the Output view shows channel "${shown}", not "${channel}"`);
    return this.copyAllFrom(this.page.locator(OUTPUT_EDITOR).first());
  }

  /** Shows an Output channel by its name, as a user picks it with "Output: Show Output Channels...". */
  async showOutputChannel(/** @type {string} */ channel) {
    await this.runCommand('Output: Show Output Channels...');
    const input = this.page.locator(QUICK_INPUT_BOX);
    await input.waitFor({ state: 'visible', timeout: patience() });
    const row = this.page.locator(QUICK_INPUT_ROWS, { hasText: channel }).first();
    const reopen = () => this.runCommand('Output: Show Output Channels...');
    await this.typeUntilShown(channel, row, `the Output channel "${channel}"`, reopen).catch(async (e) => {
      const rows = await this.page.locator(QUICK_INPUT_ROWS).allInnerTexts();
      await this.key('Escape');
      fail(`no Output channel "${channel}" (rows: ${JSON.stringify(rows.slice(0, 8))}): ${e.message}`);
    });
    await row.click();
    await until(async () => (await this.outputChannelShown()) === channel, {
      message: async () => `the Output view shows "${await this.outputChannelShown()}", not "${channel}"`,
    });
  }

  /** Clear the Output view (its "Clear Output" title button), and check it is empty. */
  async clearOutput() {
    const button = this.page.locator('.part.panel .title-actions .action-label[aria-label^="Clear Output"], '
      + '.part.panel .action-label.codicon-clear-all').first();
    if (await button.isVisible().catch(() => false)) await button.click();
    else await this.runCommand('Clear Output');
    let text = '';
    await until(async () => (text = await this.copyAllFrom(this.page.locator(OUTPUT_EDITOR).first())) === '', {
      message: () => `the Output view is not empty after "Clear Output": ${JSON.stringify(text.slice(0, 200))}`,
    });
  }

  /** The channel the Output view's picker shows, or null. */
  async outputChannelShown() {
    return this.page.evaluate(() => {
      const boxes = document.querySelectorAll(
        '.part.panel select.monaco-select-box, .part.auxiliarybar select.monaco-select-box');
      const sel = /** @type {HTMLSelectElement[]} */ ([...boxes]).find((s) => s.offsetParent !== null);
      return sel ? sel.options[sel.selectedIndex]?.text ?? null : null;
    });
  }

  /**
   * The hover's text at the cursor's line, or null when none appears in `probe(attempt)` (the
   * caller tries again, waiting longer).
   */
  async hoverAtCursor(attempt = 0) {
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
      await hover.waitFor({ state: 'visible', timeout: probe(attempt) });
    } catch {
      // Keyboard fallback: "Show or Focus Hover" (Ctrl+K Ctrl+I) at the cursor.
      await this.key(`${MOD}+k`);
      await this.key(`${MOD}+i`);
      await hover.waitFor({ state: 'visible', timeout: probe(attempt) }).catch(() => {});
    }
    return (await hover.isVisible()) ? (await hover.innerText()).trim() : null;
  }

  /**
   * The visible hover's height and its content's full height, in pixels, once its pictures are
   * decoded: the content is taller than the hover when the hover needs its scrollbar.
   * @returns {Promise<{ hover: number, content: number, shown: number } | null>}
   */
  async hoverSize() {
    const hover = this.page.locator('.monaco-hover:not(.hidden)').first();
    if (!(await hover.isVisible())) return null;
    return hover.evaluate(async (el) => {
      await Promise.all([...el.querySelectorAll('img')].map((img) => img.decode().catch(() => {})));
      const content = el.querySelector('.monaco-hover-content') ?? el;
      const hover = Math.round(el.getBoundingClientRect().height);
      return { hover, content: content.scrollHeight, shown: content.clientHeight };
    });
  }
}
