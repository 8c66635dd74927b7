import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { auditHtml, commandUri } from '../../client/src/testSets/auditHtml';
import { auditDecks } from '../../server/src/core/catalogue/audit';
import { GAMES } from '../../server/src/core/gameRegistry';
import { auditView } from '../../server/src/features/testSets';
import { REPORT_COMMANDS } from '../../server/src/protocol/commands';
import { conformanceCase, sharedSkip } from '../helpers';

const CSP_SOURCE = 'https://file+.vscode-resource.vscode-cdn.net';
const FOLDER = 'file:///work/tests';

/** Every `name="value"` attribute of every tag named `tag` in `html`, values unescaped. */
function attributes(html: string, tag: string): Record<string, string>[] {
  const unescape = (text: string) => text.replace(/&#(\d+);/g, (_, code: string) => String.fromCharCode(Number(code)));
  return [...html.matchAll(new RegExp(`<${tag}\\b([^>]*)>`, 'g'))].map((m) => Object.fromEntries(
    [...m[1].matchAll(/([\w-]+)="([^"]*)"/g)].map((a) => [a[1], unescape(a[2])]),
  ));
}

describe('the audit report page', { skip: sharedSkip }, async () => {
  const sample = conformanceCase('cirno', 'sample-1');
  const report = await auditDecks(GAMES.cirno, [
    { name: 'sample-1.in', text: sample.input }, { name: '<b>.cirnodeck', text: '1 1 1\nX\n' },
  ]);
  const result = auditView('cirno', report);
  const html = auditHtml({ folderLabel: 'tests', folder: FOLDER, result, cspSource: CSP_SOURCE });
  const catalogue = GAMES.cirno.catalogue();

  test('allows no code: a CSP with styles only, and no script', () => {
    const csp = attributes(html, 'meta').filter((m) => m['http-equiv'] === 'Content-Security-Policy');
    assert.deepEqual(csp.map((m) => m.content), [`default-src 'none'; style-src ${CSP_SOURCE} 'unsafe-inline'`]);
    assert.equal(attributes(html, 'script').length, 0);
  });

  test('says the summary, and lists the rules unexercised first with their hits', () => {
    assert.match(html, new RegExp(`<p id="summary">rules 7/${catalogue.rules.length} exercised · mistakes 1/`));
    const rows = attributes(html, 'tr').flatMap((row) => (row['data-rule'] ? [row['data-rule']] : []));
    assert.deepEqual(rows, result.rules.map((r) => r.id));
    const firstHit = result.rules.findIndex((r) => r.hits > 0);
    assert.deepEqual(result.rules.slice(0, firstHit).map((r) => r.hits), Array(firstHit).fill(0));
    assert.ok(result.rules.slice(firstHit).every((r) => r.hits === 1));
    assert.equal(result.rules.length, catalogue.rules.length);
  });

  test('links the deck that catches a mistake, and offers a deck for each one let through', () => {
    const links = attributes(html, 'a');
    const decks = links.filter((a) => a.class === 'deck').map((a) => a.href);
    assert.deepEqual(decks, [
      commandUri(REPORT_COMMANDS.openDeck, [FOLDER, 'sample-1.in']),
      commandUri(REPORT_COMMANDS.openDeck, [FOLDER, '<b>.cirnodeck']),
    ]);
    const writes = links.filter((a) => a.class === 'button write').map((a) => a.href);
    const letThrough = catalogue.mistakes.filter((m) => m.id !== 'plain-ties-alphabetical');
    const expected = letThrough.map((m) => commandUri(REPORT_COMMANDS.writeCatchingDeck, [FOLDER, 'cirno', m.id]));
    assert.deepEqual(writes, expected);
    assert.match(html, /caught by <a [^>]*>sample-1\.in<\/a> \(line 5 of the transcript\)/);
  });

  test('escapes what decks name: a deck with errors and its problems', () => {
    assert.ok(html.includes('>&#60;b&#62;.cirnodeck</a>: line 1: The header announces 1 pile card'));
    assert.ok(!html.includes('<b>'));
  });
});
