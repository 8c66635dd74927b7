/** The messages between the replay panel (extension side) and its webview script. */
import type { ReplayData, ReplayFrame } from './replay';

/** The replay's fixed part: everything but the frames and the cursor targets (per kind, so `kind` narrows it). */
export type ReplayHeader = ReplayData extends infer D
  ? D extends ReplayData ? Omit<D, 'frames' | 'lineTargets'> : never
  : never;

/** Extension → webview. */
export type ToWebview =
  | { type: 'data'; data: ReplayHeader | undefined }
  | {
    type: 'show';
    step: number;
    frame: ReplayFrame | undefined;
    focus: number | undefined;
    note: string | undefined;
    stale: boolean;
  };

/** Webview → extension. */
export type FromWebview =
  | { type: 'ready' }
  | { type: 'goto'; step: number }
  | { type: 'rendered'; step: number };
