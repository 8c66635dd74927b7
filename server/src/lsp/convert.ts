import type { Diagnostic } from 'vscode-languageserver';
import { DiagnosticSeverity } from './lspValues';
import type { Problem, Severity } from '../core/problem';

const SEVERITY: Record<Severity, DiagnosticSeverity> = {
  error: DiagnosticSeverity.Error,
  warning: DiagnosticSeverity.Warning,
  information: DiagnosticSeverity.Information,
};

export const DIAGNOSTIC_SOURCE = 'deck-sim';

/** Core positions are already LSP's (0-based, UTF-16), so a problem maps field by field. */
export function toDiagnostic(problem: Problem): Diagnostic {
  return {
    range: problem.range,
    severity: SEVERITY[problem.severity],
    code: problem.code,
    source: DIAGNOSTIC_SOURCE,
    message: problem.message,
  };
}
