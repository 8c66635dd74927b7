/**
 * The reference's mutants as VS Code shows them: `audit --json`'s reference members parsed into
 * the report's rows, the diff view's mutant text, the killing deck's name, and the report's section.
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { auditHtml, commandUri } from '../../client/src/testSets/auditHtml';
import {
  countsText, killDeckName, mutantLabel, mutatedSource, parseReferenceReport, scoreText, survivingMutants,
  survivorMessage, type ReferenceMutant,
} from '../../client/src/testSets/referenceMutants';
import { REPORT_COMMANDS } from '../../server/src/protocol/commands';
import type { AuditResult } from '../../server/src/protocol/requests';

const SOURCE = `import sys

n = int(sys.stdin.readline())
if n > 0 and n % 2 == 0:
    print('even')
`;

const mutant = (fields: Partial<ReferenceMutant>): ReferenceMutant => ({
  id: '', line: 1, column: 1, operator: 'ror', original: '', replacement: '', status: 'killed', killedBy: null,
  ...fields,
});

const MUTANTS: ReferenceMutant[] = [
  mutant({ id: '4:6:ror=>=', line: 4, column: 6, original: '>', replacement: '>=', status: 'survived' }),
  mutant({ id: '4:4:cond-true', line: 4, column: 4, operator: 'cond-true', original: 'n > 0 and n % 2 == 0',
    replacement: 'True', status: 'likely-equivalent' }),
  mutant({ id: '4:10:lor=or', line: 4, column: 10, operator: 'lor', original: 'and', replacement: 'or',
    status: 'killed', killedBy: 'tests/a.in' }),
  mutant({ id: '4:8:const+1', line: 4, column: 8, operator: 'const+1', original: '0', replacement: '1',
    status: 'survived' }),
  mutant({ id: '4:20:const0', line: 4, column: 20, operator: 'const0', original: '0', replacement: '0',
    status: 'equivalent' }),
];

const SUMMARY = {
  file: 'ref.py', build: null, mutants: 5, killed: 1, survived: 2, likelyEquivalent: 1, equivalent: 1, duplicate: 0,
  buildFailed: 0, score: 0.25,
};

/** A line of `deck-sim audit --json --reference`: the catalogue's members, then the reference's. */
const JSON_LINE = JSON.stringify({ rules: [], mutants: [], summary: 'rules 0/0 exercised', reference: SUMMARY,
  referenceMutants: MUTANTS });

describe('the reference mutants in VS Code', () => {
  test("parses audit --json's reference and referenceMutants", () => {
    const report = parseReferenceReport(JSON_LINE);
    assert.deepEqual(report, { summary: SUMMARY, mutants: MUTANTS });
  });

  test('refuses a line without them, or with a mutant of an unknown status', () => {
    assert.throws(() => parseReferenceReport('{"rules":[]}'), /deck-sim audit printed no "reference" summary/);
    const bad = JSON.stringify({ reference: SUMMARY, referenceMutants: [{ ...MUTANTS[0], status: 'gone' }] });
    assert.throws(() => parseReferenceReport(bad), /no valid "referenceMutants"/);
  });

  test('the rows: survived mutants first, then likely equivalent ones, each in source order', () => {
    const rows = survivingMutants(parseReferenceReport(JSON_LINE));
    assert.deepEqual(rows.map((m) => m.id), ['4:6:ror=>=', '4:8:const+1', '4:4:cond-true']);
    assert.equal(mutantLabel(rows[2]), 'line 4:4 cond-true: n > 0 and n % 2 == 0 → True');
    assert.equal(survivorMessage(rows[0], 'Test set: tests'),
      'survived: no deck of Test set: tests kills it (line 4:6 ror: > → >=)');
    assert.equal(survivorMessage(rows[2], 'Test set: tests'),
      'likely equivalent: no deck tried kills it (line 4:4 cond-true: n > 0 and n % 2 == 0 → True)');
    assert.equal(scoreText(SUMMARY), '25.0% (1 of 4 killed)');
    assert.equal(scoreText({ ...SUMMARY, score: null }), 'no mutant to measure');
    assert.equal(countsText(SUMMARY),
      '5 mutants: 1 killed, 2 survived, 1 likely equivalent, 1 equivalent, 0 duplicate, 0 build failed');
  });

  test("the diff view's mutant: the whole source with the span replaced, at its line and column", () => {
    assert.equal(mutatedSource(SOURCE, MUTANTS[0]), SOURCE.replace('n > 0', 'n >= 0'));
    assert.equal(mutatedSource(SOURCE, MUTANTS[1]), SOURCE.replace('if n > 0 and n % 2 == 0:', 'if True:'));
    assert.equal(mutatedSource(SOURCE, MUTANTS[3]), SOURCE.replace('n > 0', 'n > 1'));
    // Columns count UTF-16 units, as the CLI's do: a line with an astral character before the span.
    const wide = "s = '𝄞' + 'x'\n";
    const plus = mutant({ line: 1, column: 10, original: '+', replacement: '-' });
    assert.equal(mutatedSource(wide, plus), "s = '𝄞' - 'x'\n");
    // A source changed since the audit: nothing to show.
    assert.equal(mutatedSource(SOURCE.replace('n > 0', 'n != 0'), MUTANTS[0]), undefined);
    assert.equal(mutatedSource(SOURCE, { ...MUTANTS[0], line: 40 }), undefined);
  });

  test("a killing deck's name: one per mutant, a file name anywhere", () => {
    assert.equal(killDeckName('58:20:ror=>='), 'kill-58-20-ror-gteq');
    assert.equal(killDeckName('58:20:ror=>'), 'kill-58-20-ror-gt');
    assert.equal(killDeckName('9:11:aor=//='), 'kill-9-11-aor-divdiveq');
    assert.equal(killDeckName('36:16:const+1'), 'kill-36-16-constplus1');
    assert.equal(killDeckName('27:5:stmt-delete'), 'kill-27-5-stmtminusdelete');
  });

  test("the report's section: the score, the counts, a row per survivor with Show and Write a deck", () => {
    const result: AuditResult = { game: 'cirno', summary: 'rules 0/0 exercised', rules: [], mistakes: [], invalid: [] };
    const folder = 'file:///work/tests';
    const html = auditHtml({
      folderLabel: 'tests', folder, result, cspSource: 'x',
      reference: { file: 'ref.py', report: parseReferenceReport(JSON_LINE) },
    });
    assert.match(html, /<h2>Mutants of the reference ref\.py<\/h2>/);
    assert.match(html, /<p id="reference-score">mutation score 25\.0% \(1 of 4 killed\)<\/p>/);
    const rows = [...html.matchAll(/<tr data-mutant="([^"]*)">(.*?)<\/tr>/g)];
    assert.deepEqual(rows.map((r) => r[1].replace(/&#(\d+);/g, (_, c: string) => String.fromCharCode(Number(c)))),
      ['4:6:ror=>=', '4:8:const+1', '4:4:cond-true']);
    assert.equal(rows[0][2].replace(/<a .*$/, ''),
      '<td>4:6</td><td><code>ror</code></td><td><code>&#62;</code> → <code>&#62;=</code></td>'
      + '<td class="zero">survived</td><td>');
    const href = (command: string, id: string) =>
      commandUri(command, [folder, id]).replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
    const show = href(REPORT_COMMANDS.showMutant, '4:4:cond-true');
    assert.ok(rows[2][2].includes(`<a class="button show" href="${show}">Show</a>`));
    assert.ok(rows[2][2].includes(`<a class="button kill" href="${href(REPORT_COMMANDS.writeKillingDeck,
      '4:4:cond-true')}">Write a deck that kills it</a>`));
    assert.match(rows[2][2], /<td class="zero">likely-equivalent<\/td>/);
    const failed = auditHtml({ folderLabel: 'tests', folder, result, cspSource: 'x', referenceError: 'no <build>' });
    assert.match(failed, /<p id="reference-error" class="zero">no &#60;build&#62;<\/p>/);
    const plain = auditHtml({ folderLabel: 'tests', folder, result, cspSource: 'x' });
    assert.doesNotMatch(plain, /Mutants of the reference/);
  });
});
