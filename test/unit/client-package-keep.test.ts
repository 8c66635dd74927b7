import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { planKeep, summarizeNames, type EntryKind, type ListFolder } from '../../client/src/testSets/packageKeep';

/** A folder as paths and kinds ('a/b': 'file'); its folders are listed where they are named. */
function folder(entries: Record<string, EntryKind>): ListFolder {
  return (relative) => {
    const prefix = relative === '' ? '' : `${relative}/`;
    const names = Object.entries(entries)
      .filter(([path]) => path.startsWith(prefix) && !path.slice(prefix.length).includes('/'))
      .map(([path, kind]) => [path.slice(prefix.length), kind] as const);
    return Promise.resolve(names);
  };
}

const WRITTEN = [
  'problem.yaml', 'data/sample/1.in', 'data/sample/1.ans', 'data/secret/2.in', 'data/secret/2.ans',
  'input_validators/deck/validate.js', 'input_validators/deck/build', 'input_validators/deck/run',
];

describe('what Export Problem Package keeps of the folder it writes into', () => {
  test('an empty folder: nothing kept, nothing replaced', async () => {
    assert.deepEqual(await planKeep(folder({}), WRITTEN), { keep: [], replaced: [] });
  });

  test("the user's files beside and inside the package's folders are kept; the package's replaced", async () => {
    const plan = await planKeep(folder({
      'problem.yaml': 'file',
      'data': 'folder',
      'data/secret': 'folder',
      'data/secret/handmade.in': 'file',
      'data/secret/2.in': 'file',
      'input_validators': 'folder',
      'input_validators/deck': 'folder',
      'input_validators/deck/extra.py': 'file',
      'input_validators/deck/validate.js': 'link',
      'notes': 'folder',
      'notes/todo.txt': 'file',
      'README.md': 'link',
    }), WRITTEN);
    assert.deepEqual(plan, {
      keep: [
        { path: 'README.md', kind: 'link' },
        { path: 'data/secret/handmade.in', kind: 'file' },
        { path: 'input_validators/deck/extra.py', kind: 'file' },
        { path: 'notes', kind: 'folder' },
        { path: 'notes/todo.txt', kind: 'file' },
      ],
      replaced: ['data/secret/2.in', 'input_validators/deck/validate.js', 'problem.yaml'],
    });
  });

  test('a link where the package writes a folder is replaced, never followed', async () => {
    const plan = await planKeep(folder({ 'data': 'link', 'data/secret/x.in': 'file' }), WRITTEN);
    assert.deepEqual(plan, { keep: [], replaced: ['data'] });
  });

  test('a device or FIFO anywhere is refused', async () => {
    const plan = await planKeep(folder({ 'notes': 'folder', 'notes/pipe': 'special' }), WRITTEN);
    assert.equal(plan.refusal, "notes/pipe is a device, FIFO or socket: move it out of the package's folder");
  });

  test('a file where the package writes a folder, and a folder where it writes a file, are refused', async () => {
    assert.equal((await planKeep(folder({ 'data': 'folder', 'data/sample': 'file' }), WRITTEN)).refusal,
      'data/sample is a file where the package writes a folder');
    assert.equal((await planKeep(folder({ 'problem.yaml': 'folder' }), WRITTEN)).refusal,
      'problem.yaml is a folder where the package writes a file');
  });

  test('names in a message: five, then how many more', () => {
    assert.equal(summarizeNames(['a', 'b']), 'a, b');
    assert.equal(summarizeNames(['1', '2', '3', '4', '5', '6', '7']), '1, 2, 3, 4, 5 and 2 more');
  });
});
