/**
 * Every `deckSim.*` setting, with its default, written once. The server reads the ones that
 * change an LSP answer through `workspace/configuration`, so every editor gets them; the
 * client reads its own through `clientSetting`. package.json's `contributes.configuration`
 * is generated from this table (`npm run generate`), and a test fails when it is stale.
 */
export interface SettingSpec<T> {
  default: T;
  /** Read by the language server (any editor) or only by the VS Code client. */
  owner: 'server' | 'client';
  description: string;
  /** For string settings with fixed values. */
  enum?: readonly string[];
  /** VS Code's settings scope, when not the default `resource`. */
  scope?: 'window' | 'machine' | 'resource' | 'application';
  /** For number settings: the least value. */
  minimum?: number;
  /** For number settings: the greatest value. */
  maximum?: number;
}

export const SETTINGS = {
  simulateOnSave: {
    default: true,
    owner: 'server',
    description: 'Simulate a deck when it is saved and write the transcript to the "Deck Simulator" output channel.',
  },
  'completion.enabled': {
    default: true,
    owner: 'server',
    description: 'Offer the tiles or cards a deck is still short of, with how many are left.',
  },
  'inlayHints.enabled': {
    default: true,
    owner: 'server',
    description: 'Show at the end of each line who gets the tile or card (`→ B (deal)`, `→ C`, `— not drawn`).',
  },
  'codeLens.enabled': {
    default: true,
    owner: 'server',
    description: 'Show the outcome of the deck (or its number of problems) above the first line; click it to simulate.',
  },
  'hover.pictures': {
    default: true,
    owner: 'server',
    description: 'Show tiles and cards as pictures in hovers, with the hand a tile leaves.',
  },
  'selectionStatus.enabled': {
    default: true,
    owner: 'client',
    description: 'Count the tiles or cards on the selected lines, per kind, in the status bar.',
  },
  'trace.server': {
    default: 'off' as string,
    owner: 'client',
    enum: ['off', 'messages', 'verbose'],
    scope: 'window',
    description: 'Traces the communication between VS Code and the Deck Simulator language server.',
  },
  'solution.command': {
    default: '' as string,
    owner: 'client',
    description: 'The command that runs your solution, e.g. `python3 sol.py` or `./a.out` (split into words like a'
      + ' shell would, run without one). The Testing view runs it on every deck; only in a trusted workspace.',
  },
  'solution.source': {
    default: '' as string,
    owner: 'client',
    description: 'Your solution\'s source file (C, C++ or Python), relative to the workspace folder or absolute:'
      + ' Locate the Mistake ranks its lines and proposes a one-token repair. Only in a trusted workspace.',
  },
  'locate.mutants': {
    default: 400 as number,
    owner: 'client',
    minimum: 0,
    maximum: 1_000_000,
    description: 'One-token changes Locate the Mistake tries as repairs, most suspicious lines first'
      + ' (`deck-sim locate --mutants`).',
  },
  'locate.stressDecks': {
    default: 500 as number,
    owner: 'client',
    minimum: 0,
    maximum: 1_000_000,
    description: 'Stress decks Locate the Mistake may run besides the failed deck while fewer than 5 runs fail'
      + ' or 5 pass (`deck-sim locate --stress`).',
  },
  'locate.repairDecks': {
    default: 2000 as number,
    owner: 'client',
    minimum: 0,
    maximum: 1_000_000,
    description: 'Stress decks a repair must pass besides the others (`deck-sim locate --repair-decks`): fewer'
      + ' are faster, more make a repair surer.',
  },
  'audit.reference': {
    default: '' as string,
    owner: 'client',
    description: 'The reference solution\'s source (C, C++ or Python), relative to the workspace folder or absolute:'
      + ' Audit Test Set then runs its mutants on the set and lists those that survive (desktop only).'
      + ' Only in a trusted workspace.',
  },
  'audit.referenceBuild': {
    default: '' as string,
    owner: 'client',
    description: 'How to build deckSim.audit.reference, naming the source `{src}` and the program `{out}`'
      + ' (empty: `g++ -std=gnu++17 -O1 -w -o {out} {src}` for C++, gcc for C; Python runs with python3).'
      + ' Only in a trusted workspace.',
  },
  'audit.equivalenceDecks': {
    default: 2000 as number,
    owner: 'client',
    minimum: 1,
    maximum: 1_000_000,
    description: 'Decks "Write a deck that kills it" tries for a surviving mutant of the reference before it calls'
      + ' the mutant likely equivalent.',
  },
  'format.pileCardsPerLine': {
    default: 20 as number,
    owner: 'server',
    minimum: 1,
    maximum: 1000,
    description: 'Cards per line of a ⑨ deck\'s draw pile after Format Document.',
  },
  'solution.timeLimitMs': {
    default: 1000 as number,
    owner: 'client',
    minimum: 1,
    description: 'Time limit per run of the solution, in milliseconds.',
  },
  'solution.memoryLimitMb': {
    default: 1024 as number,
    owner: 'client',
    minimum: 1,
    maximum: 1_048_576,
    description: 'Memory limit per run of the solution, in MB: the resident memory of all its processes together.'
      + ' Past it the run is stopped, MLE.',
  },
  'solution.testFiles': {
    default: [] as string[],
    owner: 'client',
    description: 'Globs of judge input files the Testing view lists besides every .mjdeck and .cirnodeck,'
      + ' e.g. `tests/*.in`.',
  },
} satisfies Record<string, SettingSpec<boolean | string | number | string[]>>;

export type SettingName = keyof typeof SETTINGS;
/** `true` in the table is a boolean setting: its value may be either. */
type Widened<T> = T extends boolean ? boolean : T;
export type SettingValue<N extends SettingName> = Widened<(typeof SETTINGS)[N]['default']>;
export type Settings = { [N in SettingName]: SettingValue<N> };

/** The section every key above lives in. */
export const SETTINGS_SECTION = 'deckSim';

/** Every setting at its default. */
export function defaultSettings(): Settings {
  const out: Record<string, unknown> = {};
  for (const [name, spec] of Object.entries(SETTINGS)) out[name] = spec.default;
  return out as Settings;
}

/** Whether a number lies within a setting's bounds (a whole number where the default is one). */
function inBounds(spec: SettingSpec<unknown>, value: number): boolean {
  if (!Number.isFinite(value) || (Number.isInteger(spec.default) && !Number.isInteger(value))) return false;
  return (spec.minimum === undefined || value >= spec.minimum) && (spec.maximum === undefined || value <= spec.maximum);
}

/**
 * Settings from the nested object `workspace/configuration` answers for the section (as
 * `{ hover: { pictures: false } }`); a missing or mistyped value, or a number out of its
 * bounds, keeps its default.
 */
export function readSettings(section: unknown): Settings {
  const settings = defaultSettings() as Record<string, unknown>;
  for (const name of Object.keys(SETTINGS)) {
    let value: unknown = section;
    for (const part of name.split('.')) {
      value = typeof value === 'object' && value !== null ? (value as Record<string, unknown>)[part] : undefined;
    }
    if (typeof value !== typeof settings[name]) continue;
    const spec: SettingSpec<unknown> = SETTINGS[name as SettingName];
    if (typeof value === 'number' && !inBounds(spec, value)) continue;
    settings[name] = value;
  }
  return settings as Settings;
}
