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
  /** Set when the change is of one token: the token, and what replaces it. */
  token?: { node: Node; end?: number; replacement: string };
}

/** Every mutant of `source`, in source order, each with a unique id. */
export async function listMutants(source: string, language: SourceLanguage): Promise<ListedMutant[]> {
  const tree = await parseSource(source, language);
  try {
    const drafts: Draft[] = [];
    const kinds = language === 'python' ? undefined : declaredKinds(tree.rootNode);
    const visit = (node: Node) => {
      if (UNTOUCHED.has(node.type) || node.isMissing) return;
      if (node.type === 'ERROR') return;
      if (language === 'python') pythonDrafts(node, drafts);
      else cDrafts(node, drafts, kinds ?? new Map());
      for (const child of node.children) if (child) visit(child);
    };
    visit(tree.rootNode);
    // One mutant per text: `1` made 0 by const-1 is not made 0 again by const0.
    const seen = new Set<string>();
    const mutants: ListedMutant[] = [];
    for (const { node, operator, replacement, named, token } of drafts) {
      const line = node.startPosition.row + 1;
      const column = node.startPosition.column + 1;
      const id = `${line}:${column}:${operator}${named ? `=${replacement}` : ''}`;
      const text = `${node.startIndex}:${node.endIndex}:${replacement}`;
      if (seen.has(id) || seen.has(text) || replacement === node.text) continue;
      seen.add(id).add(text);
      mutants.push({
        id, line, column, operator, original: node.text, replacement, start: node.startIndex, end: node.endIndex,
        ...(token ? { token: {
          start: token.node.startIndex, end: token.end ?? token.node.endIndex, replacement: token.replacement,
        } } : {}),
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
    if (other !== token.type) {
      const changed = { node: token, replacement: other };
      drafts.push({ node: token, operator, replacement: other, named: true, token: changed });
    }
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
    const replacement = next < 0 ? `(${next})` : String(next);
    drafts.push({ node, operator, replacement, token: { node, replacement } });
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

function cDrafts(node: Node, drafts: Draft[], kinds: Map<string, OperandKind>): void {
  switch (node.type) {
    case 'binary_expression': {
      const token = node.childForFieldName('operator');
      replaceOperator(token, RELATIONAL, 'ror', drafts);
      const left = operandKind(node.childForFieldName('left'), kinds);
      const right = operandKind(node.childForFieldName('right'), kinds);
      replaceOperator(token, arithmeticFamily(ARITHMETIC, left, right, ''), 'aor', drafts);
      replaceOperator(token, ['&&', '||'], 'lor', drafts);
      break;
    }
    case 'assignment_expression': {
      const left = operandKind(node.childForFieldName('left'), kinds);
      const right = operandKind(node.childForFieldName('right'), kinds);
      replaceOperator(node.childForFieldName('operator'), arithmeticFamily(COMPOUND, left, right, '='), 'aor', drafts);
      break;
    }
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
        // The `!` and any space after it: `!(a && b)` → `(a && b)` is one token removed.
        const removed = { node: token, end: argument.startIndex, replacement: '' };
        drafts.push({ node, operator: 'not-remove', replacement: argument.text, token: removed });
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
      const keyword = node.children[0];
      if (argument && keyword) {
        const removed = { node: keyword, end: argument.startIndex, replacement: '' };
        drafts.push({ node, operator: 'not-remove', replacement: argument.text, token: removed });
      }
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

/**
 * What an operand of `+ - * / %` is, as far as the file's own declarations tell: a pointer (an
 * array, a pointer, an iterator), a floating-point number, a string, or else (unknown) an
 * integer. Without it `a + 1` (a an array) would become `a * 1` and `1.0 * p` become `1.0 % p`,
 * mutants that do not compile.
 */
type OperandKind = 'pointer' | 'float' | 'string' | 'integer';

const FLOAT_TYPES = new Set(['float', 'double']);
const ITERATOR_CALLS = new Set([
  'begin', 'end', 'rbegin', 'rend', 'cbegin', 'cend', 'data', 'c_str', 'find', 'lower_bound', 'upper_bound',
  'max_element', 'min_element', 'unique', 'remove',
]);
const FLOAT_CALLS = new Set([
  'sqrt', 'pow', 'floor', 'ceil', 'fabs', 'log', 'log2', 'log10', 'exp', 'sin', 'cos', 'tan', 'atan', 'atan2',
  'hypot', 'fmod', 'cbrt', 'round', 'sqrtl', 'powl', 'floorl', 'ceill', 'fabsl', 'logl', 'expl',
]);
const DECLARATIONS = new Set(['declaration', 'field_declaration', 'parameter_declaration']);

/** The names the file declares as arrays or pointers, and as floating-point scalars. */
function declaredKinds(root: Node): Map<string, OperandKind> {
  const kinds = new Map<string, OperandKind>();
  const note = (declaration: Node) => {
    const type = declaration.childForFieldName('type');
    const floating = type !== null && type.text.split(/\s+/).some((word) => FLOAT_TYPES.has(word));
    const string = type !== null && (type.text === 'string' || type.text === 'std::string');
    for (const declarator of declaration.childrenForFieldName('declarator')) {
      let node: Node | null = declarator;
      let pointer = false;
      while (node && node.type !== 'identifier' && node.type !== 'field_identifier') {
        if (node.type === 'function_declarator') break;
        if (node.type === 'array_declarator' || node.type === 'pointer_declarator') pointer = true;
        node = node.childForFieldName('declarator');
      }
      if (!node || node.type === 'function_declarator') continue;
      const kind: OperandKind | undefined = pointer ? 'pointer' : floating ? 'float' : string ? 'string' : undefined;
      // One name declared as two kinds (in two scopes) is left unknown: fewer mutants, none that fails.
      if (kind && (kinds.get(node.text) ?? kind) === kind) kinds.set(node.text, kind);
      else kinds.set(node.text, 'integer');
    }
  };
  const visit = (node: Node) => {
    if (DECLARATIONS.has(node.type)) note(node);
    for (const child of node.namedChildren) if (child) visit(child);
  };
  visit(root);
  return kinds;
}

function operandKind(node: Node | null, kinds: Map<string, OperandKind>): OperandKind {
  if (!node) return 'integer';
  switch (node.type) {
    case 'parenthesized_expression':
      return operandKind(node.namedChildren[0] ?? null, kinds);
    case 'number_literal': {
      const text = node.text.toLowerCase();
      return !text.startsWith('0x') && /[.e]/.test(text) ? 'float' : 'integer';
    }
    case 'string_literal':
    case 'concatenated_string':
    case 'raw_string_literal':
      return 'string';
    case 'identifier':
      return kinds.get(node.text) ?? 'integer';
    case 'field_expression':
      return kinds.get(node.childForFieldName('field')?.text ?? '') ?? 'integer';
    case 'cast_expression': {
      const type = node.childForFieldName('type')?.text ?? '';
      return type.split(/\s+/).some((word) => FLOAT_TYPES.has(word)) ? 'float' : 'integer';
    }
    case 'call_expression': {
      const callee = node.childForFieldName('function');
      const name = callee?.type === 'field_expression' ? callee.childForFieldName('field')?.text
        : callee?.type === 'qualified_identifier' ? callee.childForFieldName('name')?.text : callee?.text;
      if (name && ITERATOR_CALLS.has(name)) return 'pointer';
      return name && FLOAT_CALLS.has(name) ? 'float' : 'integer';
    }
    case 'unary_expression':
      return operandKind(node.childForFieldName('argument'), kinds);
    case 'binary_expression': {
      const operator = node.childForFieldName('operator')?.type ?? '';
      if (!ARITHMETIC.includes(operator)) return 'integer';
      const left = operandKind(node.childForFieldName('left'), kinds);
      const right = operandKind(node.childForFieldName('right'), kinds);
      if (left === 'pointer' && right === 'pointer') return 'integer';
      if (left === 'pointer' || right === 'pointer') return 'pointer';
      if (left === 'string' || right === 'string') return 'string';
      return left === 'float' || right === 'float' ? 'float' : 'integer';
    }
    default:
      return 'integer';
  }
}

/**
 * The arithmetic operators that compile in place of one with these operands: only `+` and `-`
 * for a pointer plus a number, none for a string or a pointer on the right, and no `%` with a
 * floating-point operand.
 */
function arithmeticFamily(family: readonly string[], left: OperandKind, right: OperandKind, suffix: string): string[] {
  if (right === 'pointer' || left === 'string' || right === 'string') return [];
  if (left === 'pointer') return [`+${suffix}`, `-${suffix}`];
  if (left === 'float' || right === 'float') return family.filter((operator) => operator !== `%${suffix}`);
  return [...family];
}
