import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { whyView, type ViewNode } from '../../client/src/replay/webview/whyView';
import type { ReplayWhy } from '../../server/src/protocol/replay';

/** The tree as indented lines: `tag.class[attr=value] "text"`, children below, two spaces deeper. */
function outline(node: ViewNode, depth = 0): string[] {
  const attributes = Object.entries(node.attributes ?? {}).map(([name, value]) => `[${name}=${value}]`).join('');
  const text = node.text === undefined ? '' : ` ${JSON.stringify(node.text)}`;
  const head = `${'  '.repeat(depth)}${node.tag}${node.className ? `.${node.className}` : ''}${attributes}${text}`;
  return [head, ...(node.children ?? []).flatMap((child) => outline(child, depth + 1))];
}

const discard: ReplayWhy = {
  summary: 'Discarded by C: every choice leaves distance 4 or 5; 6S, Z leave 4; Z comes first in the discard order.',
  table: {
    columns: ['Discard', 'Distance after'],
    rows: [
      { cells: ['3M', '5'] },
      { cells: ['6S', '4'] },
      { cells: ['Z', '4'], chosen: true },
    ],
  },
  notes: ['A could PONG Z: distance 3 before, 2 after; taken.', 'B was skipped by a PASS.'],
};

describe('the replay\'s Why section', () => {
  test('a heading, the summary, the options with the chosen row marked by a sign and aria, the notes', () => {
    assert.deepEqual(outline(whyView(discard)!), [
      'section.why[aria-labelledby=why-heading]',
      '  h2.why-heading[id=why-heading] "Why"',
      `  p.why-summary ${JSON.stringify(discard.summary)}`,
      '  table.why-table[aria-label=Options, the chosen one marked ✓]',
      '    thead',
      '      tr',
      '        th.mark[scope=col] "Chosen"',
      '        th[scope=col] "Discard"',
      '        th[scope=col] "Distance after"',
      '    tbody',
      '      tr',
      '        td.mark ""',
      '        td "3M"',
      '        td "5"',
      '      tr',
      '        td.mark ""',
      '        td "6S"',
      '        td "4"',
      '      tr.chosen[aria-current=true]',
      '        td.mark "✓"',
      '        td "Z"',
      '        td "4"',
      '  ul.why-notes[aria-label=Notes]',
      '    li "A could PONG Z: distance 3 before, 2 after; taken."',
      '    li "B was skipped by a PASS."',
    ]);
  });

  test('a picture column: each tile as its picture, the name kept as visually hidden text', () => {
    const pictures = {
      byName: { Z: { uri: 'data:image/svg+xml;base64,Wg==', label: 'Z, Red Dragon' } },
      className: 'tile small',
    };
    const view = whyView({ ...discard, table: { ...discard.table!, pictureColumn: 0 } }, pictures)!;
    const body = outline(view).slice(outline(view).indexOf('    tbody'));
    assert.deepEqual(body.slice(0, 13), [
      '    tbody',
      '      tr',
      '        td.mark ""',
      // A name the replay has no picture of stays words.
      '        td "3M"',
      '        td "5"',
      '      tr',
      '        td.mark ""',
      '        td "6S"',
      '        td "4"',
      '      tr.chosen[aria-current=true]',
      '        td.mark "✓"',
      '        td.picture',
      '          img.tile small[src=data:image/svg+xml;base64,Wg==][alt=][title=Z, Red Dragon]',
    ]);
    assert.deepEqual(body.slice(13, 15), ['          span.visually-hidden "Z"', '        td "4"']);
    assert.deepEqual(outline(whyView(discard, pictures)!), outline(whyView(discard)!), 'no picture column: words');
  });

  test('nothing for a step without a why', () => {
    assert.equal(whyView(undefined), undefined);
  });

  test('no table when there was no choice, no list without notes', () => {
    const skipped: ReplayWhy = { summary: 'B is skipped: C played PASS.', notes: [] };
    assert.deepEqual(outline(whyView(skipped)!), [
      'section.why[aria-labelledby=why-heading]',
      '  h2.why-heading[id=why-heading] "Why"',
      '  p.why-summary "B is skipped: C played PASS."',
    ]);
    const empty = whyView({ ...skipped, table: { columns: ['Card'], rows: [] }, notes: ['No card in hand.'] });
    assert.deepEqual(empty!.children!.map((child) => child.tag), ['h2', 'p', 'ul']);
  });

  test('data stays text: markup in a deck-derived string is a text node\'s content, never markup', () => {
    const hostile = '<img src=x onerror="alert(1)"> & </td>';
    const view = whyView({
      summary: hostile, table: { columns: [hostile], rows: [{ cells: [hostile], chosen: true }] }, notes: [hostile],
    })!;
    const texts: string[] = [];
    const walk = (node: ViewNode): void => {
      if (node.text?.includes('<')) texts.push(`${node.tag}:${node.text}`);
      for (const child of node.children ?? []) walk(child);
    };
    walk(view);
    assert.deepEqual(texts, ['p', 'th', 'td', 'li'].map((tag) => `${tag}:${hostile}`));
  });
});
