/**
 * The step's "Why" section as a small element tree: pure data, no DOM, so node tests check it
 * and dom.ts builds it with createElement and textContent (deck text is never parsed as HTML).
 */
import type { ReplayPicture, ReplayWhy } from '../../../../server/src/protocol/replay';

export interface ViewNode {
  tag: 'section' | 'h2' | 'p' | 'table' | 'thead' | 'tbody' | 'tr' | 'th' | 'td' | 'ul' | 'li' | 'img' | 'span';
  className?: string;
  /** Set as textContent. */
  text?: string;
  attributes?: Record<string, string>;
  children?: ViewNode[];
}

export const WHY_HEADING_ID = 'why-heading';
/** The chosen row's mark: a sign and words, so it is not told by colour alone. */
export const CHOSEN_MARK = '✓';

/** The replay's pictures, for a table's picture column; `className` sizes them (`tile small`). */
export interface WhyPictures {
  byName: Record<string, ReplayPicture>;
  className: string;
}

/** The section for `why`; undefined when the step has no why (it is not a decision). */
export function whyView(why: ReplayWhy | undefined, pictures?: WhyPictures): ViewNode | undefined {
  if (!why) return undefined;
  const children: ViewNode[] = [
    { tag: 'h2', className: 'why-heading', text: 'Why', attributes: { id: WHY_HEADING_ID } },
    { tag: 'p', className: 'why-summary', text: why.summary },
  ];
  if (why.table && why.table.rows.length > 0) children.push(tableView(why.table, pictures));
  if (why.notes.length > 0) {
    children.push({
      tag: 'ul',
      className: 'why-notes',
      attributes: { 'aria-label': 'Notes' },
      children: why.notes.map((note) => ({ tag: 'li', text: note })),
    });
  }
  return { tag: 'section', className: 'why', attributes: { 'aria-labelledby': WHY_HEADING_ID }, children };
}

/**
 * A cell of the picture column: the picture, and the name as visually hidden text, so that
 * screen readers (and the cell's text) still say it.
 */
function pictureCell(name: string, pictures: WhyPictures | undefined): ViewNode {
  const picture = pictures?.byName[name];
  if (!picture) return { tag: 'td', text: name };
  return {
    tag: 'td',
    className: 'picture',
    children: [
      { tag: 'img', className: pictures.className, attributes: { src: picture.uri, alt: '', title: picture.label } },
      { tag: 'span', className: 'visually-hidden', text: name },
    ],
  };
}

function tableView(table: NonNullable<ReplayWhy['table']>, pictures: WhyPictures | undefined): ViewNode {
  const header: ViewNode = {
    tag: 'tr',
    children: ['Chosen', ...table.columns].map((column, index) => ({
      tag: 'th',
      className: index === 0 ? 'mark' : undefined,
      text: column,
      attributes: { scope: 'col' },
    })),
  };
  const rows: ViewNode[] = table.rows.map((row) => ({
    tag: 'tr',
    className: row.chosen ? 'chosen' : undefined,
    attributes: row.chosen ? { 'aria-current': 'true' } : undefined,
    children: [
      { tag: 'td', className: 'mark', text: row.chosen ? CHOSEN_MARK : '' },
      ...row.cells.map((cell, column): ViewNode => (column === table.pictureColumn
        ? pictureCell(cell, pictures)
        : { tag: 'td', text: cell })),
    ],
  }));
  return {
    tag: 'table',
    className: 'why-table',
    attributes: { 'aria-label': `Options, the chosen one marked ${CHOSEN_MARK}` },
    children: [{ tag: 'thead', children: [header] }, { tag: 'tbody', children: rows }],
  };
}
