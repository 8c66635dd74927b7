// The walk-through's steps that only test:web has, after the decks' steps: what the workbench
// itself says of where the extension runs, then Show Transcript brings the last transcript back.
import { matches, until } from '../e2e/walkthrough/checks.mjs';
import { COMMANDS, DECKS, OUTPUT_CHANNEL } from '../e2e/walkthrough/expected.mjs';

/** The Output channel of VS Code's web worker extension host (its log). */
export const WORKER_HOST_CHANNEL = 'Extension Host (Worker)';

/**
 * @param {string} extensionId publisher.name
 * @returns {import('../e2e/walkthrough/deckSteps.mjs').Step[]}
 */
export function webSteps(extensionId) {
  const activated = `ExtensionService#_doActivateExtension ${extensionId},`;
  return [{
    name: `Output "${WORKER_HOST_CHANNEL}": the web worker extension host activated ${extensionId}`,
    async run(wb) {
      await wb.showOutputChannel(WORKER_HOST_CHANNEL);
      let text = '';
      await until(async () => (text = await wb.outputText(WORKER_HOST_CHANNEL)).includes(activated), {
        message: () => `no "${activated}" line in the worker host's log:\n${text.slice(0, 2000)}`,
      });
    },
  }, {
    name: `F1 "${COMMANDS.showOutput}": Output "${OUTPUT_CHANNEL}" shows the last transcript again`,
    async run(wb) {
      await wb.runCommand(COMMANDS.showOutput);
      let text = '';
      await until(async () => {
        if ((await wb.outputChannelShown()) !== OUTPUT_CHANNEL) return false;
        text = await wb.outputText(OUTPUT_CHANNEL);
        const header = text.split('\n')[0];
        return DECKS.some((deck) => deck.valid && matches(header, deck.valid.header)) && text.includes('\n');
      }, {
        message: async () =>
          `the Output view shows "${await wb.outputChannelShown()}": ${JSON.stringify(text.slice(0, 200))}`,
      });
    },
  }];
}
