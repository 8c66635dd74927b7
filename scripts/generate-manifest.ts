/**
 * `npm run generate`: writes package.json's `contributes.configuration` from the
 * settings table (server/src/protocol/settings.ts), so each setting and default is written once.
 * test/unit/client-manifest.test.ts fails when package.json is stale.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { SETTINGS, SETTINGS_SECTION, type SettingSpec } from '../server/src/protocol/settings';

type Value = boolean | string | number | string[];

function jsonType(value: Value): string {
  return Array.isArray(value) ? 'array' : typeof value;
}

/** One setting as VS Code's configuration schema wants it. */
function property(spec: SettingSpec<Value>): Record<string, unknown> {
  return {
    type: jsonType(spec.default),
    ...(spec.enum && { enum: spec.enum }),
    ...(Array.isArray(spec.default) && { items: { type: 'string' } }),
    default: spec.default,
    ...(spec.minimum !== undefined && { minimum: spec.minimum }),
    ...(spec.maximum !== undefined && { maximum: spec.maximum }),
    ...(spec.scope && { scope: spec.scope }),
    description: spec.description,
  };
}

export function configurationContribution(): { title: string; properties: Record<string, unknown> } {
  const properties: Record<string, unknown> = {};
  for (const [name, spec] of Object.entries(SETTINGS)) {
    properties[`${SETTINGS_SECTION}.${name}`] = property(spec as SettingSpec<Value>);
  }
  return { title: 'Deck Simulator', properties };
}

/** package.json's text with the configuration contribution regenerated. */
export function generatedManifest(text: string): string {
  const manifest = JSON.parse(text) as { contributes: Record<string, unknown> };
  manifest.contributes.configuration = configurationContribution();
  return JSON.stringify(manifest, null, 2) + '\n';
}

if (require.main === module) {
  const file = join(__dirname, '..', '..', 'package.json');
  const before = readFileSync(file, 'utf8');
  const after = generatedManifest(before);
  if (after !== before) writeFileSync(file, after);
  console.log(after === before ? 'package.json is up to date' : 'package.json: contributes.configuration written');
}
