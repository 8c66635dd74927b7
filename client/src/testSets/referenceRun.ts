/**
 * What Audit Test Set asks of the reference's mutants. Only the desktop extension has an answer
 * (judge/referenceAuditor.ts runs the bundled CLI); the web extension has none, and its audit is
 * the catalogue's alone.
 */
import type * as vscode from 'vscode';
import type { ReferenceReport } from './referenceMutants';

/** The deck `--kill-mutant` wrote for a mutant: its judge input, transcript and description. */
export interface KilledMutant {
  /** The CLI's JSON line: the whole audit, the mutant's new status in it. */
  json: string;
  deck?: { input: string; answer: string; description: string };
}

export interface ReferenceAuditor {
  /**
   * The reference source the settings name for this folder, or undefined: none set, an untrusted
   * workspace (after a word), or a folder the CLI cannot read (not on disk).
   */
  reference(folder: vscode.Uri): vscode.Uri | undefined;
  /** `deck-sim audit --json --reference FILE` on the folder: its JSON line. `signal` stops it and every run. */
  audit(folder: vscode.Uri, reference: vscode.Uri, onProgress: (line: string) => void, signal: AbortSignal)
  : Promise<string>;
  /** The killer search for one surviving mutant (`--kill-mutant ID`). */
  kill(folder: vscode.Uri, reference: vscode.Uri, id: string, onProgress: (line: string) => void, signal: AbortSignal)
  : Promise<KilledMutant>;
}

/** A folder's reference audit, as the report, the Testing view and the diff view use it. */
export interface ReferenceRun {
  reference: vscode.Uri;
  /** The reference's text when it was audited: what the diff view's mutants are made from. */
  source: string;
  report: ReferenceReport;
}
