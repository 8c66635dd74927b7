// `npm test`'s reporter for node's test runner: one line per layer (the folder under test/) with
// its counts, every failure in full as it comes (the test's path, the error, the file's output),
// then the runner's own closing lines, `# tests N`, `# pass N`, `# fail N`…, as the TAP reporter
// prints them, so what reads them (CI) finds them. A passing run fits a screen.
// `node --test --test-reporter=./scripts/test-reporter.mjs out/test/cli/`; without it, node's own.
import { relative, sep } from 'node:path';
import { inspect } from 'node:util';

/**
 * @typedef {import('node:test/reporters').TestEvent} TestEvent
 * @typedef {{ passed: number, failed: number, skipped: number, todo: number, cancelled: number,
 *   skippedSuites: number, files: Set<string>, skips: Set<string> }} Layer
 */

/** The layer of a test file: the folder under `test/` (`out/test/unit/x.test.js` is `unit`). */
export function layerOf(/** @type {string | undefined} */ file) {
  if (file === undefined) return 'other';
  const parts = relative(process.cwd(), file).split(sep);
  const at = parts.lastIndexOf('test');
  return at >= 0 && at < parts.length - 2 ? parts[at + 1] : parts.slice(0, -1).join('/') || '.';
}

/** What a failure says: the assertion (its message, diff and stack) rather than the runner's wrapper. */
function describeError(/** @type {unknown} */ error) {
  const cause = error instanceof Error && error.cause instanceof Error ? error.cause : error;
  return inspect(cause, { depth: 4, colors: false });
}

function indent(/** @type {string} */ text, /** @type {string} */ by) {
  return text.replace(/\n$/, '').split('\n').map((line) => by + line).join('\n') + '\n';
}

/** @param {Layer} layer */
function layerLine(/** @type {string} */ name, layer, /** @type {number} */ width) {
  const counts = [`${layer.passed} passed`, `${layer.failed} failed`];
  if (layer.skipped) counts.push(`${layer.skipped} skipped`);
  if (layer.todo) counts.push(`${layer.todo} todo`);
  if (layer.cancelled) counts.push(`${layer.cancelled} cancelled`);
  if (layer.skippedSuites) counts.push(`${layer.skippedSuites} suite${layer.skippedSuites === 1 ? '' : 's'} skipped`);
  const files = `${layer.files.size} file${layer.files.size === 1 ? '' : 's'}`;
  const skips = [...layer.skips].map((reason) => `  skipped: ${reason}\n`).join('');
  return `${name.padEnd(width)}  ${counts.join(', ')} (${files})\n${skips}`;
}

/** @param {AsyncIterable<TestEvent>} source */
export default async function* report(source) {
  /** @type {Map<string, Layer>} */
  const layers = new Map();
  /** Per file: the names of the tests open at each nesting, for a failure's path. */
  /** @type {Map<string, string[]>} */
  const open = new Map();
  /** Per file: its output so far, shown with its first failure. */
  /** @type {Map<string, string>} */
  const output = new Map();
  /** @type {string[]} */
  const closing = [];
  const layer = (/** @type {string | undefined} */ file) => {
    const name = layerOf(file);
    let found = layers.get(name);
    if (!found) {
      found = {
        passed: 0, failed: 0, skipped: 0, todo: 0, cancelled: 0, skippedSuites: 0, files: new Set(), skips: new Set(),
      };
      layers.set(name, found);
    }
    if (file !== undefined) found.files.add(file);
    return found;
  };
  for await (const event of source) {
    switch (event.type) {
      case 'test:start': {
        const names = open.get(event.data.file ?? '') ?? [];
        names.length = event.data.nesting;
        names.push(event.data.name);
        open.set(event.data.file ?? '', names);
        break;
      }
      case 'test:stdout':
      case 'test:stderr': {
        const file = event.data.file ?? '';
        output.set(file, (output.get(file) ?? '') + event.data.message);
        break;
      }
      case 'test:pass': {
        const skipped = event.data.skip !== undefined && event.data.skip !== false;
        const suite = event.data.details.type === 'suite';
        // A skipped suite runs none of its tests, and the runner counts none: it is said apart.
        if (suite && !skipped) break;
        const counts = layer(event.data.file);
        if (skipped) {
          if (suite) counts.skippedSuites++;
          else counts.skipped++;
          if (typeof event.data.skip === 'string') counts.skips.add(event.data.skip);
        } else if (event.data.todo !== undefined && event.data.todo !== false) {
          counts.todo++;
        } else {
          counts.passed++;
        }
        break;
      }
      case 'test:fail': {
        const { data } = event;
        if (data.details.type === 'suite') break;
        const counts = layer(data.file);
        const error = /** @type {{ failureType?: string }} */ (data.details.error);
        if (data.todo !== undefined && data.todo !== false) {
          counts.todo++;
          break;
        }
        if (error.failureType === 'cancelledByParent') {
          counts.cancelled++;
          break;
        }
        counts.failed++;
        const file = data.file ?? '';
        // A file that failed as a whole (it did not load, it exited) is named by its path.
        const name = data.name === file ? relative(process.cwd(), file) : data.name;
        const names = [...(open.get(file) ?? []).slice(0, data.nesting), name];
        const where = file && data.line !== undefined ? `${relative(process.cwd(), file)}:${data.line}` : file;
        let text = `\n✖ ${names.join(' › ')}\n  ${where}\n${indent(describeError(data.details.error), '  ')}`;
        const printed = output.get(file);
        if (printed) {
          text += `  output of ${relative(process.cwd(), file)}:\n${indent(printed, '  | ')}`;
          output.delete(file);
        }
        yield text + '\n';
        break;
      }
      case 'test:diagnostic':
        // The runner's closing counts come last, from no file; a test's own diagnostics are not shown.
        if (event.data.file === undefined && event.data.nesting === 0) closing.push(`# ${event.data.message}\n`);
        break;
      default:
        break;
    }
  }
  const width = Math.max(0, ...[...layers.keys()].map((name) => name.length));
  const sorted = [...layers].sort(([a], [b]) => (a < b ? -1 : 1));
  yield sorted.map(([name, counts]) => layerLine(name, counts, width)).join('');
  yield closing.join('');
}
