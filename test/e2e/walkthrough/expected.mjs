// Expected behaviour (the spec the extension implements), as data: adjust texts here and in
// the deck files. Strings match as substrings, RegExps as patterns. To add a deck kind, add
// its file (like mahjong.mjs) to DECKS and its files to test/e2e/fixtures/; the same steps run
// for it. Leave out `broken.quickFix`, `valid.hovers` or `valid.replay` to skip those steps.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { CIRNO } from './cirno.mjs';
import { MAHJONG } from './mahjong.mjs';

export const OUTPUT_CHANNEL = 'Deck Simulator';
export const COMMANDS = {
  simulate: 'Deck Simulator: Simulate Deck', // deckSim.simulate
  showOutput: 'Deck Simulator: Show Transcript', // deckSim.showOutput
  openReplay: 'Deck Simulator: Open Replay', // deckSim.openReplay
};
export const DIAGNOSTIC_SOURCE = 'deck-sim';

/** Every deck kind the walk-through visits, in order. */
export const DECKS = [MAHJONG, CIRNO];

/** The files the decks name: test/e2e/fixtures/. */
export const FIXTURES = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'fixtures');

/**
 * @typedef {string | RegExp} Pattern
 * @typedef {'error' | 'warning' | 'info'} Severity
 *
 * @typedef {object} DeckSpec
 * @property {string} name used in step names and by DECK_SIM_E2E_ONLY
 * @property {string} language the status bar's language label
 * @property {string[]} workspaceFiles files of FIXTURES copied into the user's workspace folder
 * @property {BrokenDeck} [broken]
 * @property {ValidDeck} [valid]
 *
 * @typedef {object} BrokenDeck
 * @property {string} file
 * @property {{ line: number, severity: Severity, message: Pattern }[]} problems
 * @property {boolean} exactProblems true: no other problem rows may be listed for this file
 * @property {QuickFix} [quickFix]
 *
 * @typedef {object} QuickFix
 * @property {number} line
 * @property {string} title
 * @property {string} lineBefore
 * @property {string} lineAfter
 * @property {{ line: number, severity: Severity }} [resolves] the problem gone after the fix
 *
 * @typedef {object} ValidDeck
 * @property {string} file
 * @property {string} [transcript] FIXTURES file: the judge's exact transcript
 * @property {Pattern} header the Output channel's first line, before the transcript
 * @property {boolean} outputOnSave saving the deck writes the Output channel
 * @property {{ line: number, expect: Pattern[], whole?: boolean }[]} [hovers] `whole`: the hover shows all of its
 *   content, its pictures loaded, without a scrollbar
 * @property {ReplaySpec} [replay]
 * @property {OutlineRow[]} [outline] the Outline view's top-level rows, in order, exactly
 *
 * @typedef {{ counter: string, caption: string }} ReplayShows
 * @typedef {object} ReplaySpec
 * @property {number} cursorLine where the cursor is when "Open Replay" runs
 * @property {ReplayShows} first
 * @property {(ReplayShows & { key: string })[]} keys each key pressed in the webview, and what follows
 * @property {ReplayShows & { line: number }} follow the cursor on `line` moves the replay there
 * @property {WhySpec} [why] from `follow`, keys pressed in the webview lead to a decision
 *
 * @typedef {object} WhySpecOwn
 * @property {string[]} keys
 * @property {string} summary the Why section's sentence, exactly
 * @property {string[]} chosen the cells of the table's row marked chosen
 * @typedef {ReplayShows & WhySpecOwn} WhySpec
 *
 * @typedef {{ name: string, detail: string }} OutlineRow a top-level symbol in the Outline view
 */
