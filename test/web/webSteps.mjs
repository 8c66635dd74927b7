// The walk-through's steps that only test:web has: what the workbench itself says of where the
// extension runs.
import { until } from '../e2e/walkthrough/checks.mjs';

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
        timeout: 10000,
        message: () => `no "${activated}" line in the worker host's log:\n${text.slice(0, 2000)}`,
      });
    },
  }];
}
