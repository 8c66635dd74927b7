/**
 * What `package --force` keeps of a folder it writes into: every entry the package does not write
 * is kept (copied into the new package); a file or link where the package writes a file, and a
 * link where it writes a folder, are replaced (a link's target is never touched). A folder where
 * a file goes, a file where a folder goes, and a device or FIFO anywhere are refused: replacing
 * them would lose what the user has.
 */
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { entryKind, type EntryKind } from '../outputFiles';

export interface KeepPlan {
  /** Entries kept, '/'-separated, parents before their contents. */
  keep: { path: string; kind: Exclude<EntryKind, 'none' | 'special'> }[];
  /** Entries the package replaces. */
  replaced: string[];
  /** Why the package cannot be written into the folder without losing something, if it cannot. */
  refusal?: string;
}

export function planKeep(out: string, written: readonly string[]): KeepPlan {
  const plan: KeepPlan = { keep: [], replaced: [] };
  const kind = entryKind(out);
  if (kind === 'none') return plan;
  if (kind === 'link') return { ...plan, refusal: `--out '${out}' is a link: give the folder it points to` };
  if (kind !== 'folder') return { ...plan, refusal: `--out '${out}' exists and is not a folder` };
  const files = new Set(written);
  const folders = new Set(written.flatMap((path) => {
    const parts = path.split('/');
    return parts.slice(1).map((_, i) => parts.slice(0, i + 1).join('/'));
  }));
  const walk = (relative: string): void => {
    for (const name of readdirSync(join(out, relative)).sort()) {
      const path = relative === '' ? name : `${relative}/${name}`;
      const full = join(out, path);
      const entry = entryKind(full);
      if (entry === 'none') continue;
      if (entry === 'special') {
        plan.refusal ??= `'${full}' is a device, FIFO or socket: move it out of the package folder`;
      } else if (entry === 'link') {
        if (files.has(path) || folders.has(path)) plan.replaced.push(path);
        else plan.keep.push({ path, kind: 'link' });
      } else if (entry === 'file') {
        if (files.has(path)) plan.replaced.push(path);
        else if (folders.has(path)) plan.refusal ??= `'${full}' is a file where the package writes a folder`;
        else plan.keep.push({ path, kind: 'file' });
      } else if (files.has(path)) {
        plan.refusal ??= `'${full}' is a folder where the package writes a file`;
      } else {
        if (!folders.has(path)) plan.keep.push({ path, kind: 'folder' });
        walk(path);
      }
    }
  };
  walk('');
  return plan;
}

/** A few names and how many more, for a one-line message. */
export function summarizeNames(names: readonly string[], shown = 5): string {
  const more = names.length - shown;
  return names.slice(0, shown).join(', ') + (more > 0 ? ` and ${more} more` : '');
}
