/**
 * What Export Problem Package keeps of a folder it writes into, as `deck-sim package --force`
 * does (server/src/cli/problemPackage/keep.ts): every entry the package does not write is kept
 * (copied into the new package); a file or link where the package writes a file, and a link where
 * it writes a folder, are replaced (a link's target is never touched). A folder where a file goes,
 * a file where a folder goes, and a device or FIFO anywhere are refused: replacing them would
 * lose what the user has. No vscode import: the folder is read through `list`, so the plan is
 * tested in process.
 */

/** What a folder entry is, without following a link. */
export type EntryKind = 'file' | 'folder' | 'link' | 'special';

/** A folder's entries, `relative` '/'-separated ('' for the folder itself). */
export type ListFolder = (relative: string) => Promise<readonly (readonly [string, EntryKind])[]>;

export interface KeepPlan {
  /** Entries kept, '/'-separated, parents before their contents. */
  keep: { path: string; kind: Exclude<EntryKind, 'special'> }[];
  /** Entries the package replaces. */
  replaced: string[];
  /** Why the package cannot be written into the folder without losing something, if it cannot. */
  refusal?: string;
}

export async function planKeep(list: ListFolder, written: readonly string[]): Promise<KeepPlan> {
  const plan: KeepPlan = { keep: [], replaced: [] };
  const files = new Set(written);
  const folders = new Set(written.flatMap((path) => {
    const parts = path.split('/');
    return parts.slice(1).map((_, i) => parts.slice(0, i + 1).join('/'));
  }));
  const walk = async (relative: string): Promise<void> => {
    const entries = [...await list(relative)].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    for (const [name, kind] of entries) {
      const path = relative === '' ? name : `${relative}/${name}`;
      if (kind === 'special') {
        plan.refusal ??= `${path} is a device, FIFO or socket: move it out of the package's folder`;
      } else if (kind === 'link') {
        if (files.has(path) || folders.has(path)) plan.replaced.push(path);
        else plan.keep.push({ path, kind });
      } else if (kind === 'file') {
        if (files.has(path)) plan.replaced.push(path);
        else if (folders.has(path)) plan.refusal ??= `${path} is a file where the package writes a folder`;
        else plan.keep.push({ path, kind });
      } else if (files.has(path)) {
        plan.refusal ??= `${path} is a folder where the package writes a file`;
      } else {
        if (!folders.has(path)) plan.keep.push({ path, kind });
        await walk(path);
      }
    }
  };
  await walk('');
  return plan;
}

/** A few names and how many more, for a one-line message. */
export function summarizeNames(names: readonly string[], shown = 5): string {
  const more = names.length - shown;
  return names.slice(0, shown).join(', ') + (more > 0 ? ` and ${more} more` : '');
}
