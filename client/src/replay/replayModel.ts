/**
 * The replay panel's state without VS Code: the replay shown, its step, the cursor's tile or
 * card, and what to say when there is no current replay. The panel feeds it the server's
 * answers and the user's moves; the integration suite reads `state()` through the hidden
 * command `deckSim.replayState`.
 */
import type { ReplayData, ReplayResponse, ReplayTarget } from '../../../server/src/protocol/replay';
import type { ToWebview } from '../../../server/src/protocol/webview';
import { FramePages, type FetchFrames } from './framePages';

/** What `deckSim.replayState` returns: the panel's step as the user sees it. */
export interface ReplayState {
  /** The document the replay follows. */
  uri: string;
  kind: ReplayData['kind'] | undefined;
  /** The document version the replay was built from. */
  version: number | undefined;
  step: number;
  stepCount: number;
  /** The step's caption (a transcript line); '' until its frame is loaded. */
  caption: string;
  /** The step's why summary (the Why section's sentence); undefined for a step that is no decision. */
  why: string | undefined;
  /** The highlighted tile or card (deck position or card id), from the cursor. */
  focus: number | undefined;
  /** The last step the webview reported as drawn: proof that its script runs. */
  rendered: number | undefined;
  /** Shown above the table: why a tile has no step, or that the text has errors. */
  note: string | undefined;
  /** True while the text has errors and the last valid replay is shown. */
  stale: boolean;
}

export class ReplayModel {
  private uri = '';
  private data: ReplayData | undefined;
  private pages: FramePages | undefined;
  private step = 0;
  private focus: number | undefined;
  /** Why there is no (current) replay: the text has errors, or the server failed. */
  private status: string | undefined;
  /** What the cursor's tile or card calls for, e.g. that it is never drawn. */
  private hint: string | undefined;
  private stale = false;
  rendered: number | undefined;

  /** `fetchFor(data)` asks for more frames of that replay. */
  constructor(private readonly fetchFor: (data: ReplayData) => FetchFrames) {}

  /** Forgets everything: the panel now follows another document. */
  reset(uri: string): void {
    this.uri = uri;
    this.data = undefined;
    this.pages = undefined;
    this.step = 0;
    this.focus = undefined;
    this.status = undefined;
    this.hint = undefined;
    this.stale = false;
  }

  /**
   * Takes the server's answer for the current text (`failure` says why there is none). An
   * invalid text keeps the last valid replay, marked stale. True when the replay changed.
   */
  accept(response: ReplayResponse | null, failure: string): boolean {
    if (!response || response.kind === 'unavailable') {
      const reason = response ? response.reason : failure;
      this.stale = this.data !== undefined;
      this.status = this.data
        ? `The deck has errors now (${reason}): the replay shows the last valid text.`
        : `No replay: ${reason}`;
      this.hint = undefined;
      return false;
    }
    this.data = response;
    this.pages = new FramePages(response.pageSize, response.frames, this.fetchFor(response));
    this.stale = false;
    this.status = undefined;
    this.step = this.clamp(this.step);
    return true;
  }

  /** The replay a cursor position is looked up in: none while the text is invalid. */
  current(): ReplayData | undefined {
    return this.stale ? undefined : this.data;
  }

  /** Where the cursor leads: the step to show (a target without one stays on this step). */
  aim(target: ReplayTarget): number {
    this.focus = target.focus;
    this.hint = target.note;
    return target.step ?? this.step;
  }

  /** The user picked a step in the webview: the cursor's note no longer applies. */
  pick(step: number): number {
    this.hint = undefined;
    return step;
  }

  /** Moves to `step` (clipped) and loads its frame. */
  async moveTo(step: number): Promise<void> {
    this.step = this.clamp(step);
    await this.pages?.load(this.step);
  }

  /** The webview message that draws the step. */
  showMessage(): ToWebview {
    return {
      type: 'show',
      step: this.step,
      frame: this.pages?.get(this.step),
      focus: this.focus,
      note: this.note(),
      stale: this.stale,
    };
  }

  /** The webview message with the replay's fixed part. */
  dataMessage(): ToWebview {
    if (!this.data) return { type: 'data', data: undefined };
    const { frames: _frames, lineTargets: _targets, ...header } = this.data;
    return { type: 'data', data: header };
  }

  state(): ReplayState {
    const frame = this.pages?.get(this.step);
    return {
      uri: this.uri,
      kind: this.data?.kind,
      version: this.data?.version,
      step: this.step,
      stepCount: this.data?.stepCount ?? 0,
      caption: frame?.caption ?? '',
      why: frame?.why?.summary,
      focus: this.focus,
      rendered: this.rendered,
      note: this.note(),
      stale: this.stale,
    };
  }

  private note(): string | undefined {
    return [this.status, this.hint].filter(Boolean).join(' ') || undefined;
  }

  private clamp(step: number): number {
    return Math.max(0, Math.min(step, (this.data?.stepCount ?? 0) - 1));
  }
}
