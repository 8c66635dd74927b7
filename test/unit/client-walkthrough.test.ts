import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, test } from 'node:test';
import { COMMANDS } from '../../server/src/protocol/commands';
import { repoRoot } from '../helpers';

const manifest = JSON.parse(readFileSync(join(repoRoot, 'package.json'), 'utf8'));

interface Step {
  id: string;
  description: string;
  media: { markdown?: string; image?: string | Record<string, string>; svg?: string };
  completionEvents?: string[];
}

const walkthroughs: { id: string; steps: Step[] }[] = manifest.contributes.walkthroughs;
const steps = walkthroughs.flatMap((walkthrough) => walkthrough.steps);
/** VS Code's own commands a step may wait for. */
const BUILT_IN = new Set(['editor.action.showHover']);

/** The `command:ID?ARGS` links of a step's description, with their arguments decoded. */
function links(step: Step): { command: string; args: unknown[] }[] {
  return [...step.description.matchAll(/\]\(command:([\w.]+)(?:\?([^)]*))?\)/g)].map((m) => ({
    command: m[1],
    args: m[2] === undefined ? [] : JSON.parse(decodeURIComponent(m[2])),
  }));
}

function mediaFiles(step: Step): string[] {
  const { markdown, image, svg } = step.media;
  const images = typeof image === 'string' ? [image] : Object.values(image ?? {});
  return [markdown, svg, ...images].filter((file): file is string => file !== undefined);
}

/** Whether `.vscodeignore` (a whitelist: `**`, then `!glob` lines) ships `file` in the .vsix. */
function shipped(file: string): boolean {
  const globs = readFileSync(join(repoRoot, '.vscodeignore'), 'utf8').split('\n')
    .filter((line) => line.startsWith('!')).map((line) => line.slice(1).trim());
  return globs.some((glob) => new RegExp(`^${glob.split('**').map((part) => part.split('*')
    .map((piece) => piece.replace(/[.+?^${}()|[\]\\]/g, '\\$&')).join('[^/]*')).join('.*')}$`).test(file));
}

describe('the Getting Started walkthrough', () => {
  test('opens the sample deck, shows a hover, simulates and opens the replay, in that order', () => {
    assert.deepEqual(walkthroughs.map((w) => w.id), ['gettingStarted']);
    assert.deepEqual(steps.map((step) => [step.id, links(step)]), [
      ['openSample', [{ command: COMMANDS.openSample, args: [] }]],
      ['hover', [{ command: COMMANDS.openSample, args: ['hover'] }]],
      ['simulate', [{ command: COMMANDS.simulate, args: [] }]],
      ['replay', [{ command: COMMANDS.openReplay, args: [] }]],
    ]);
  });

  test('its links and completion events name contributed commands of the table, or VS Code\'s own', () => {
    const contributed = new Set(manifest.contributes.commands.map((c: { command: string }) => c.command));
    const table = new Set<string>(Object.values(COMMANDS));
    for (const step of steps) {
      const events = (step.completionEvents ?? []).map((event) => event.replace(/^onCommand:/, ''));
      for (const command of [...links(step).map((link) => link.command), ...events]) {
        if (BUILT_IN.has(command)) continue;
        assert.ok(table.has(command) && contributed.has(command), `${step.id}: ${command}`);
      }
      assert.ok(events.length > 0, `${step.id} completes on a command`);
    }
  });

  test('every step has media, and each media file exists and is shipped in the .vsix', () => {
    for (const step of steps) {
      const files = mediaFiles(step);
      assert.ok(files.length > 0, `${step.id} has media`);
      for (const file of files) {
        assert.ok(file.startsWith('media/walkthrough/'), file);
        assert.ok(existsSync(join(repoRoot, file)), `${file} exists`);
        assert.ok(shipped(file), `${file} is in the .vsix`);
      }
    }
  });

  test('the sample deck it opens is shipped', () => {
    assert.ok(existsSync(join(repoRoot, 'examples', 'sample.mjdeck')));
    assert.ok(shipped('examples/sample.mjdeck'));
    assert.ok(!shipped('test/vscode/fixtures/sample.mjdeck'), 'the whitelist check can say no');
  });
});

describe('the extension icon', () => {
  test('is a 128 x 128 PNG, named by the manifest and shipped', () => {
    assert.equal(manifest.icon, 'images/icon.png');
    const png = readFileSync(join(repoRoot, manifest.icon));
    assert.deepEqual([...png.subarray(0, 8)], [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    assert.equal(png.toString('latin1', 12, 16), 'IHDR');
    assert.deepEqual([png.readUInt32BE(16), png.readUInt32BE(20)], [128, 128]);
    assert.ok(shipped(manifest.icon));
  });
});
