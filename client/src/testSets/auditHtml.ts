/**
 * The audit report's page, from the server's AuditResult: the summary, the rules with their
 * hits (unexercised first), the mistakes with the deck that catches each (a link that opens
 * it) or a button that writes one, and the decks with errors. No script: its links are
 * command URIs the panel allows, and its strict Content-Security-Policy allows no code.
 */
import { REPORT_COMMANDS } from '../../../server/src/protocol/commands';
import type { AuditResult } from '../../../server/src/protocol/requests';
import { countsText, survivingMutants, scoreText, type ReferenceReport } from './referenceMutants';

export interface AuditPage {
  /** The audited folder, as the title shows it. */
  folderLabel: string;
  /** The folder's URI, which the links pass back to the commands. */
  folder: string;
  result: AuditResult;
  cspSource: string;
  /** The reference's mutants (deckSim.audit.reference): its file's name and the CLI's report. */
  reference?: { file: string; report: ReferenceReport };
  /** Why the reference's mutants are missing: the CLI's first line (a reference that does not build). */
  referenceError?: string;
}

const STYLE = `body{font-family:var(--vscode-font-family);color:var(--vscode-foreground);padding:0 1em}
table{border-collapse:collapse}td,th{padding:2px 8px;text-align:left;vertical-align:top}
.zero{color:var(--vscode-errorForeground)}.ok{color:var(--vscode-testing-iconPassed)}
a.button{display:inline-block;padding:2px 8px;background:var(--vscode-button-background);
color:var(--vscode-button-foreground);text-decoration:none;border-radius:2px}
code{font-family:var(--vscode-editor-font-family)}`;

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** A command URI with its JSON arguments. */
export function commandUri(command: string, args: unknown[]): string {
  return `command:${command}?${encodeURIComponent(JSON.stringify(args))}`;
}

export function auditCsp(cspSource: string): string {
  return ["default-src 'none'", `style-src ${cspSource} 'unsafe-inline'`].join('; ');
}

/** The reference's section: the score and counts, then each surviving mutant with its two buttons. */
function referenceSection(folder: string, reference: AuditPage['reference'], error: string | undefined): string {
  if (error !== undefined) {
    return `<h2>Reference mutants</h2>\n<p id="reference-error" class="zero">${escapeHtml(error)}</p>`;
  }
  if (!reference) return '';
  const { file, report } = reference;
  const button = (kind: string, command: string, id: string, label: string) =>
    `<a class="button ${kind}" href="${escapeHtml(commandUri(command, [folder, id]))}">${label}</a>`;
  const rows = survivingMutants(report).map((m) => `<tr data-mutant="${escapeHtml(m.id)}">`
    + `<td>${m.line}:${m.column}</td><td><code>${escapeHtml(m.operator)}</code></td>`
    + `<td><code>${escapeHtml(m.original)}</code> → <code>${escapeHtml(m.replacement)}</code></td>`
    + `<td class="zero">${m.status}</td><td>${button('show', REPORT_COMMANDS.showMutant, m.id, 'Show')} `
    + `${button('kill', REPORT_COMMANDS.writeKillingDeck, m.id, 'Write a deck that kills it')}</td></tr>`).join('\n');
  const table = rows === '' ? '<p>Every mutant the set can tell apart is killed.</p>'
    : '<table id="mutants"><tr><th>Line</th><th>Operator</th><th>Change</th><th>Status</th><th></th></tr>\n'
      + `${rows}\n</table>`;
  return `<h2>Mutants of the reference ${escapeHtml(file)}</h2>
<p id="reference-score">mutation score ${escapeHtml(scoreText(report.summary))}</p>
<p id="reference-counts">${escapeHtml(countsText(report.summary))}</p>
${table}`;
}

export function auditHtml({
  folderLabel, folder, result, cspSource, reference, referenceError,
}: AuditPage): string {
  const open = (deck: string) => {
    const href = escapeHtml(commandUri(REPORT_COMMANDS.openDeck, [folder, deck]));
    return `<a class="deck" href="${href}">${escapeHtml(deck)}</a>`;
  };
  const write = (id: string) => escapeHtml(commandUri(REPORT_COMMANDS.writeCatchingDeck, [folder, result.game, id]));
  const rules = result.rules.map((r) => `<tr data-rule="${escapeHtml(r.id)}">`
    + `<td class="${r.hits === 0 ? 'zero' : 'ok'}">${r.hits}</td><td><code>${escapeHtml(r.id)}</code></td>`
    + `<td>${escapeHtml(r.description)}</td></tr>`).join('\n');
  const mistakes = result.mistakes.map((m) => {
    const caught = m.first
      ? `caught by ${open(m.first.deck)} (line ${m.first.line} of the transcript)`
        + (m.killedBy.length > 1 ? ` and ${m.killedBy.length - 1} more` : '')
      : `<span class="zero">let through</span> `
        + `<a class="button write" href="${write(m.id)}">Write a deck that catches it</a>`;
    return `<tr data-mistake="${escapeHtml(m.id)}"><td><code>${escapeHtml(m.id)}</code></td>`
      + `<td>${escapeHtml(m.description)}</td><td>${caught}</td></tr>`;
  }).join('\n');
  const invalid = result.invalid.length === 0 ? '' : `<h2>Decks with errors (${result.invalid.length})</h2><ul>`
    + result.invalid.map((d) => `<li>${open(d.deck)}: ${d.problems.map((p) =>
      `line ${p.line}: ${escapeHtml(p.message)}`).join('; ')}</li>`).join('\n') + '</ul>';
  return `<!DOCTYPE html>
<html lang="en"><head><meta charset="UTF-8">
<meta http-equiv="Content-Security-Policy" content="${auditCsp(cspSource)}">
<style>${STYLE}</style><title>Audit</title></head>
<body>
<h1>Audit of ${escapeHtml(folderLabel)}</h1>
<p id="summary">${escapeHtml(result.summary)}</p>
<h2>Mistakes</h2>
<table id="mistakes"><tr><th>Mistake</th><th>A solution in which…</th><th>Caught</th></tr>
${mistakes}
</table>
${referenceSection(folder, reference, referenceError)}
<h2>Rules (unexercised first)</h2>
<table id="rules"><tr><th>Decks</th><th>Rule</th><th></th></tr>
${rules}
</table>
${invalid}
</body></html>`;
}
