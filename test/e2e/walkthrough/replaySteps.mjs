/// <reference lib="dom" />
// The replay's steps: open it beside the editor, step through it with the keyboard, and follow
// the editor's cursor. The webview's page is media/replay/; frame.evaluate runs in it.
import { COMMANDS } from './expected.mjs';
import { fail, until } from './checks.mjs';
import { log } from '../lib/log.mjs';
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
    ...(r.why ? [whyStep(n, r.why, showing)] : []),
  ];
}

/**
 * Steps on to a decision and reads its Why section: the summary and the row marked chosen.
 * @param {string} n
 * @param {import('./expected.mjs').WhySpec} why
 * @typedef {import('./workbench.mjs').Workbench} Workbench
 * @param {(wb: Workbench, want: import('./expected.mjs').ReplayShows) => Promise<unknown>} showing
 * @returns {import('./deckSteps.mjs').Step}
 */
function whyStep(n, why, showing) {
  return {
    name: `${n}: the replay's Why section at ${why.caption} says "${why.summary.slice(0, 40)}…"`,
    async run(wb) {
      const frame = await replayFrame(wb.page);
      if (!frame) fail('the replay webview is not open');
      await frame.click('#caption');
      for (const key of why.keys) await wb.key(key);
      await showing(wb, why);
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
