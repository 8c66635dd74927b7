/**
 * First-order mutants of a C, C++ or Python source: each one small change of the kind a
 * programmer slips into (an operator, a condition, a statement, a constant), found on the syntax
 * tree so that comments, strings, character literals and preprocessor lines are never touched.
 * A mutant's id, `LINE:COL:operator`, is stable across runs: the place of the mutated text and
 * what is done to it (`=R` names the replacement of an operator with several).
 */
import type { Node } from '@vscode/tree-sitter-wasm';
import type { SourceLanguage } from './buildPlan';
import type { ListedMutant, MutantLister } from './referenceAudit';
import { parseSource } from './syntaxTrees';

/** The operators, in the order docs/cli.md lists them. */
export const MUTATION_OPERATORS = [
  'ror', 'aor', 'lor', 'cond-negate', 'cond-true', 'cond-false', 'stmt-delete', 'const+1', 'const-1', 'const0',
  'not-remove',
] as const;
export type MutationOperator = (typeof MUTATION_OPERATORS)[number];

const RELATIONAL = ['<', '<=', '>', '>=', '==', '!='];
const ARITHMETIC = ['+', '-', '*', '/', '%'];
const PYTHON_ARITHMETIC = ['+', '-', '*', '/', '//', '%'];
const COMPOUND = ['+=', '-=', '*=', '/=', '%='];
const PYTHON_COMPOUND = ['+=', '-=', '*=', '/=', '//=', '%='];

/** Subtrees never mutated: text that is not code, and the preprocessor's lines. */
const UNTOUCHED = new Set([
  'comment', 'string_literal', 'raw_string_literal', 'char_literal', 'concatenated_string', 'string',
  'preproc_include', 'preproc_def', 'preproc_function_def', 'preproc_call', 'preproc_arg', 'preproc_defined',
  'system_lib_string', 'template_argument_list',
]);
/** C and C++ statements whose deletion is a likely slip, by the expression they hold. */
const DELETED_EXPRESSIONS = new Set(['update_expression', 'assignment_expression', 'call_expression']);
const PYTHON_DELETED_EXPRESSIONS = new Set(['assignment', 'augmented_assignment', 'call']);

interface Draft {
  node: Node;
  operator: MutationOperator;
  replacement: string;
  /** Set when one operator gives several replacements at one place. */
  named?: boolean;
}

/** Every mutant of `source`, in source order, each with a unique id. */
export async function listMutants(source: string, language: SourceLanguage): Promise<ListedMutant[]> {
  const tree = await parseSource(source, language);
  try {
    const drafts: Draft[] = [];
    const visit = (node: Node) => {
      if (UNTOUCHED.has(node.type) || node.isMissing) return;
      if (node.type === 'ERROR') return;
      if (language === 'python') pythonDrafts(node, drafts);
      else cDrafts(node, drafts);
      for (const child of node.children) if (child) visit(child);
    };
    visit(tree.rootNode);
    // One mutant per text: `1` made 0 by const-1 is not made 0 again by const0.
    const seen = new Set<string>();
    const mutants: ListedMutant[] = [];
    for (const { node, operator, replacement, named } of drafts) {
      const line = node.startPosition.row + 1;
      const column = node.startPosition.column + 1;
      const id = `${line}:${column}:${operator}${named ? `=${replacement}` : ''}`;
      const text = `${node.startIndex}:${node.endIndex}:${replacement}`;
      if (seen.has(id) || seen.has(text) || replacement === node.text) continue;
      seen.add(id).add(text);
      mutants.push({
        id, line, column, operator, original: node.text, replacement, start: node.startIndex, end: node.endIndex,
      });
    }
    return mutants.sort((a, b) => a.start - b.start || a.end - b.end);
  } finally {
    tree.delete();
  }
}

export function applyMutant(source: string, mutant: Pick<ListedMutant, 'start' | 'end' | 'replacement'>): string {
  return source.slice(0, mutant.start) + mutant.replacement + source.slice(mutant.end);
}

export const MUTATOR: MutantLister = { list: listMutants, apply: applyMutant };

/** Each other operator of `family` in place of `token`. */
function replaceOperator(token: Node | null, family: readonly string[], operator: MutationOperator, drafts: Draft[]) {
  if (!token || !family.includes(token.type)) return;
  for (const other of family) {
    if (other !== token.type) drafts.push({ node: token, operator, replacement: other, named: true });
  }
}

function conditionDrafts(condition: Node | null, negate: (text: string) => string, yes: string, no: string,
  drafts: Draft[]) {
  if (!condition || condition.hasError) return;
  drafts.push({ node: condition, operator: 'cond-negate', replacement: negate(condition.text) });
  drafts.push({ node: condition, operator: 'cond-true', replacement: yes });
  drafts.push({ node: condition, operator: 'cond-false', replacement: no });
}

function constantDrafts(node: Node, drafts: Draft[]) {
  const value = Number(node.text);
  for (const [operator, next] of [['const+1', value + 1], ['const-1', value - 1], ['const0', 0]] as const) {
    drafts.push({ node, operator, replacement: next < 0 ? `(${next})` : String(next) });
  }
}

/** The expression a C or C++ condition holds: `if (x)`'s x, not a declaration. */
function cCondition(node: Node | null): Node | null {
  if (!node) return null;
  if (node.type === 'condition_clause') {
    const value = node.childForFieldName('value');
    return value && !value.type.includes('declaration') ? value : null;
  }
  if (node.type === 'parenthesized_expression') return node.namedChildren[0] ?? null;
  return node;
}

function cDrafts(node: Node, drafts: Draft[]): void {
  switch (node.type) {
    case 'binary_expression': {
      const token = node.childForFieldName('operator');
      replaceOperator(token, RELATIONAL, 'ror', drafts);
      replaceOperator(token, ARITHMETIC, 'aor', drafts);
      replaceOperator(token, ['&&', '||'], 'lor', drafts);
      break;
    }
    case 'assignment_expression':
      replaceOperator(node.childForFieldName('operator'), COMPOUND, 'aor', drafts);
      break;
    case 'if_statement':
    case 'while_statement':
    case 'do_statement':
    case 'for_statement':
    case 'conditional_expression':
      conditionDrafts(cCondition(node.childForFieldName('condition')), (text) => `!(${text})`, '1', '0', drafts);
      break;
    case 'unary_expression': {
      const token = node.childForFieldName('operator');
      const argument = node.childForFieldName('argument');
      if (token?.type === '!' && argument) {
        drafts.push({ node, operator: 'not-remove', replacement: argument.text });
      }
      break;
    }
    case 'break_statement':
    case 'continue_statement':
    case 'return_statement':
      drafts.push({ node, operator: 'stmt-delete', replacement: ';' });
      break;
    case 'expression_statement': {
      const expression = node.namedChildren[0];
      if (expression && DELETED_EXPRESSIONS.has(expression.type)) {
        drafts.push({ node, operator: 'stmt-delete', replacement: ';' });
      }
      break;
    }
    case 'number_literal':
      // Decimal integers only; the size of an array declared is left alone (a smaller array only moves a crash).
      if (/^\d+$/.test(node.text) && node.parent?.type !== 'array_declarator') constantDrafts(node, drafts);
      break;
  }
}

/** The condition of a Python statement or of `a if c else b`. */
function pythonCondition(node: Node): Node | null {
  if (node.type === 'conditional_expression') return node.namedChildren[1] ?? null;
  return node.childForFieldName('condition');
}

function pythonDrafts(node: Node, drafts: Draft[]): void {
  switch (node.type) {
    case 'comparison_operator':
      // `a < b < c` holds several operators; each is its own place.
      for (const token of node.children) replaceOperator(token, RELATIONAL, 'ror', drafts);
      break;
    case 'binary_operator':
      replaceOperator(node.childForFieldName('operator'), PYTHON_ARITHMETIC, 'aor', drafts);
      break;
    case 'augmented_assignment':
      replaceOperator(node.childForFieldName('operator'), PYTHON_COMPOUND, 'aor', drafts);
      break;
    case 'boolean_operator':
      replaceOperator(node.childForFieldName('operator'), ['and', 'or'], 'lor', drafts);
      break;
    case 'if_statement':
    case 'elif_clause':
    case 'while_statement':
    case 'conditional_expression':
      conditionDrafts(pythonCondition(node), (text) => `not (${text})`, 'True', 'False', drafts);
      break;
    case 'not_operator': {
      const argument = node.childForFieldName('argument');
      if (argument) drafts.push({ node, operator: 'not-remove', replacement: argument.text });
      break;
    }
    case 'break_statement':
    case 'continue_statement':
    case 'return_statement':
      drafts.push({ node, operator: 'stmt-delete', replacement: 'pass' });
      break;
    case 'expression_statement': {
      const expression = node.namedChildren[0];
      if (node.namedChildren.length === 1 && expression && PYTHON_DELETED_EXPRESSIONS.has(expression.type)) {
        drafts.push({ node, operator: 'stmt-delete', replacement: 'pass' });
      }
      break;
    }
    case 'integer':
      if (/^\d+$/.test(node.text)) constantDrafts(node, drafts);
      break;
  }
}
