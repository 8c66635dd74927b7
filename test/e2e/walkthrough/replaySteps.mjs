/// <reference lib="dom" />
// The replay's steps: open it beside the editor, step through it with the keyboard, and follow
// the editor's cursor. The webview's page is media/replay/; frame.evaluate runs in it.
import { COMMANDS } from './expected.mjs';
import { fail, probe, until } from './checks.mjs';
import { log } from '../lib/log.mjs';
import { sleep } from '../lib/processes.mjs';
import { MOD } from './workbench.mjs';

/**
 * The replay webview's inner frame (the one holding the page of media/replay/), or null.
 * @param {import('playwright-core').Page} page
 */
async function replayFrame(page) {
  for (const frame of page.frames()) {
    if (await frame.$('#counter.counter').catch(() => null)) return frame;
  }
  return null;
}

/**
 * What the replay shows: its step counter and caption.
 * @param {import('playwright-core').Page} page
 * @returns {Promise<import('./expected.mjs').ReplayShows | null>}
 */
async function replayShows(page) {
  const frame = await replayFrame(page);
  if (!frame) return null;
  return frame.evaluate(() => ({
    counter: document.getElementById('counter')?.textContent ?? '',
    caption: document.getElementById('caption')?.textContent ?? '',
  }));
}

/** The step number of a counter, `Step 58 of 84` → 58; NaN when there is none. */
const stepOf = (/** @type {string | undefined} */ counter) => Number(/^Step (\d+)/.exec(counter ?? '')?.[1]);

/**
 * Presses a key in the replay until it shows `want`. A key pressed as the focus moves into the
 * webview can be lost, so a press that moved nothing is pressed again, after a longer wait each
 * time; a press that moved the replay but not there yet is followed by the next.
 * @param {import('./workbench.mjs').Workbench} wb
 * @param {(at: number) => string} keyFor the key to press with the replay at step `at`
 * @param {import('./expected.mjs').ReplayShows} want
 */
async function pressUntilShown(wb, keyFor, want) {
  const shows = (/** @type {import('./expected.mjs').ReplayShows | null} */ now) =>
    now !== null && now.counter === want.counter && now.caption === want.caption;
  let attempt = 0;
  await until(async () => {
    const before = await replayShows(wb.page);
    if (shows(before)) return true;
    await wb.key(keyFor(stepOf(before?.counter)));
    for (const end = Date.now() + probe(attempt++); Date.now() < end; await sleep(100)) {
      const now = await replayShows(wb.page);
      if (shows(now) || now?.counter !== before?.counter) return shows(now);
    }
    return false;
  }, {
    message: async () => `the replay shows ${JSON.stringify(await replayShows(wb.page))}, `
      + `expected ${JSON.stringify(want)}`,
  });
}

/**
 * @param {string} n the deck kind's name
 * @param {import('./expected.mjs').ValidDeck} v
 * @param {import('./expected.mjs').ReplaySpec} r
 * @returns {import('./deckSteps.mjs').Step[]}
 */
export function replaySteps(n, v, r) {
  const showing = (
    /** @type {import('./workbench.mjs').Workbench} */ wb, /** @type {import('./expected.mjs').ReplayShows} */ want,
  ) => until(async () => {
    const now = await replayShows(wb.page);
    return now && now.counter === want.counter && now.caption === want.caption;
  }, {
    message: async () => `the replay shows ${JSON.stringify(await replayShows(wb.page))}, `
      + `expected ${JSON.stringify(want)}`,
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
          await pressUntilShown(wb, () => k.key, k);
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
    ...(r.why ? [whyStep(n, r.why)] : []),
  ];
}

/**
 * Steps on to a decision and reads its Why section: the summary and the row marked chosen.
 * @param {string} n
 * @param {import('./expected.mjs').WhySpec} why
 * @returns {import('./deckSteps.mjs').Step}
 */
function whyStep(n, why) {
  return {
    name: `${n}: the replay's Why section at ${why.caption} says "${why.summary.slice(0, 40)}…"`,
    async run(wb) {
      const frame = await replayFrame(wb.page);
      if (!frame) fail('the replay webview is not open');
      await frame.click('#caption');
      // The arrows, one press at a time, until the replay is at the decision (back, should a slow
      // press have overshot it): the spec's keys are the way a user gets there.
      const target = stepOf(why.counter);
      await pressUntilShown(wb, (at) => (at > target ? 'ArrowLeft' : 'ArrowRight'), why);
      /** @type {{ hidden: boolean, summary: string, chosen: string[] } | null} */
      let seen = null;
      await until(async () => {
        seen = await frame.evaluate(() => {
          const section = document.getElementById('why');
          if (!section) return null;
          const chosen = section.querySelector('tr.chosen');
          return {
            hidden: section.hidden,
            summary: section.querySelector('.why-summary')?.textContent ?? '',
            chosen: chosen ? [...chosen.querySelectorAll('td')].slice(1).map((td) => td.textContent ?? '') : [],
          };
        });
        return seen && !seen.hidden && seen.summary === why.summary
          && JSON.stringify(seen.chosen) === JSON.stringify(why.chosen);
      }, {
        message: () => `the Why section shows ${JSON.stringify(seen)}, expected summary ${JSON.stringify(why.summary)} `
          + `and the chosen row ${JSON.stringify(why.chosen)}`,
      });
      const section = frame.locator('#why');
      // Its heading just below the replay's sticky toolbar.
      await section.evaluate((el) => { el.scrollIntoView({ block: 'start' }); window.scrollBy(0, -80); });
      await wb.elementScreenshot(`${n}-replay-why`, section);
    },
  };
}
