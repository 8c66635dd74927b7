/**
 * Which lines of a document's text are the same as in an older version, and where they were:
 * followed edit by edit from the incremental changes, so a request on an unchanged line can
 * be answered from the older version's analysis while the newer text waits for its own.
 */
import type { Range } from '../core/common/problem';

/** Old lines `start..oldEnd` became new lines `start..newEnd` (both included; an end before `start`: none). */
interface LineEdit {
  start: number;
  oldEnd: number;
  newEnd: number;
}

/** An incremental change as LSP sends it; without a range it replaces the whole text. */
export interface TextChange {
  range?: Range;
  text: string;
}

const LINE_BREAK = /\r\n|\r|\n/g;

export class LineEdits {
  private edits: LineEdit[] = [];
  /** A change without a range, or one that broke the count of lines: nothing is known to be the same. */
  private everything = false;

  /** Adds the changes of one notification, each in the text the one before it left. */
  add(changes: readonly TextChange[]): void {
    for (const { range, text } of changes) {
      if (!range) {
        this.everything = true;
        continue;
      }
      const { start, end } = range;
      const breaks = text.match(LINE_BREAK)?.length ?? 0;
      // The last line the change leaves is the old last line, intact, when the change ends at
      // the start of it and nothing is put before that: whole lines inserted or deleted.
      const wholeLines = end.character === 0 && (text === '' ? start.character === 0 : /[\r\n]$/.test(text));
      const keep = wholeLines ? 1 : 0;
      this.edits.push({ start: start.line, oldEnd: end.line - keep, newEnd: start.line + breaks - keep });
    }
  }

  /** How many lines the edits added, net (negative when they removed lines). */
  private get lineDelta(): number {
    return this.edits.reduce((sum, edit) => sum + edit.newEnd - edit.oldEnd, 0);
  }

  /**
   * The line of the old text that `line` of the new text is an unchanged copy of; undefined
   * when an edit touched it. `oldLineCount` and `newLineCount` guard against an edit that
   * split a CR LF pair, whose lines the sums above would miscount.
   */
  oldLine(line: number, oldLineCount: number, newLineCount: number): number | undefined {
    if (this.everything || oldLineCount + this.lineDelta !== newLineCount) return undefined;
    let at = line;
    for (let i = this.edits.length - 1; i >= 0; i--) {
      const { start, oldEnd, newEnd } = this.edits[i];
      if (at < start) continue;
      if (at <= newEnd) return undefined;
      at -= newEnd - oldEnd;
    }
    return at;
  }
}
