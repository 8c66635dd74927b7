import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, test } from 'node:test';
import { MANIFEST_GAMES } from '../../client/src/manifestGames';
import { GAMES, type BuiltInGameId } from '../../server/src/core/gameRegistry';
import { COMMANDS } from '../../server/src/protocol/commands';
import { SETTINGS, SETTINGS_SECTION } from '../../server/src/protocol/settings';
import { configurationContribution, generatedManifest } from '../../scripts/generate-manifest';
import { repoRoot } from '../helpers';

const text = readFileSync(join(repoRoot, 'package.json'), 'utf8');
const manifest = JSON.parse(text);

describe('package.json against the protocol tables', () => {
  test('contributes.configuration is what `npm run generate` writes now', () => {
    assert.deepEqual(manifest.contributes.configuration, configurationContribution());
    assert.equal(generatedManifest(text), text, 'package.json is stale: run `npm run generate`');
  });

  test('every setting of the table is contributed with its default, and no other', () => {
    const properties = manifest.contributes.configuration.properties;
    assert.deepEqual(
      Object.keys(properties).sort(),
      Object.keys(SETTINGS).map((name) => `${SETTINGS_SECTION}.${name}`).sort(),
    );
    assert.equal(properties['deckSim.hover.pictures'].default, true);
    assert.equal(properties['deckSim.solution.timeLimitMs'].default, 1000);
  });

  test('contributes.commands are exactly the command table', () => {
    const contributed = manifest.contributes.commands.map((c: { command: string }) => c.command).sort();
    assert.deepEqual(contributed, Object.values(COMMANDS).sort());
  });

  test('menus name only contributed commands', () => {
    const known = new Set<string>(Object.values(COMMANDS));
    for (const [menu, entries] of Object.entries(manifest.contributes.menus as Record<string, { command: string }[]>)) {
      for (const entry of entries) assert.ok(known.has(entry.command), `${menu}: ${entry.command}`);
    }
  });

  test("Restricted Mode withholds only the programs a user runs: the solution's and the reference's", () => {
    const restricted: string[] = manifest.capabilities.untrustedWorkspaces.restrictedConfigurations;
    assert.equal(manifest.capabilities.untrustedWorkspaces.supported, 'limited');
    assert.deepEqual(restricted, [
      'deckSim.solution.command', 'deckSim.solution.source', 'deckSim.audit.reference', 'deckSim.audit.referenceBuild',
    ]);
    for (const name of restricted) assert.ok(name.slice(SETTINGS_SECTION.length + 1) in SETTINGS, name);
    assert.equal(manifest.capabilities.virtualWorkspaces, true);
  });

  test("the client's games are the registry's, and each has its manifest language and file ending", () => {
    const registry = Object.values(GAMES).map((game) => ({ game: game.id, languageId: game.languageId }));
    assert.deepEqual(MANIFEST_GAMES.map(({ game, languageId }) => ({ game, languageId })), registry);
    const languages = manifest.contributes.languages.map((language: { id: string; extensions: string[] }) => ({
      languageId: language.id, extensions: language.extensions,
    }));
    const expected = MANIFEST_GAMES.map(({ languageId, extension }) => ({ languageId, extensions: [extension] }));
    assert.deepEqual(languages, expected);
    for (const { game, extension } of MANIFEST_GAMES) {
      assert.ok(GAMES[game as BuiltInGameId].extensions.includes(extension), `${game} reads ${extension}`);
    }
    const activation = MANIFEST_GAMES.map(({ extension }) => `workspaceContains:**/*${extension}`);
    assert.deepEqual(manifest.activationEvents, activation);
  });
});

describe('the client bundles', () => {
  // The sources esbuild's map lists are exactly the modules in the bundle.
  for (const bundle of ['dist/client.js.map', 'dist/browser/client.js.map']) {
    test(`${bundle} holds nothing of the server but protocol/ (no core module, no game's engine)`, () => {
      const { sources } = JSON.parse(readFileSync(join(repoRoot, bundle), 'utf8')) as { sources: string[] };
      const server = sources.filter((source) => source.includes('server/src/'));
      assert.deepEqual(server.filter((source) => !source.includes('server/src/protocol/')), []);
    });
  }
});
