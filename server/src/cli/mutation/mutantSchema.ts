/**
 * Mutant schemata: C or C++ sources holding many mutants, each behind a run-time switch, so that
 * a build per part (a run of a function's mutants) replaces a build per mutant. Mutant `K` is
 * switched on by the environment variable DECK_SIM_MUTANT=K (none: the reference). A mutated
 * expression `e` becomes `(__ds_on(K) ? (e') : (e))` and a deleted statement `s` becomes
 * `{ if (!__ds_on(K)) { s } }`, nested where mutants nest, so only the chosen mutant's text ever
 * runs. The schema's reach variant tells (on stderr, at exit) which mutants' places a run reached
 * where the mutant would have changed a value (that of the widest expression around the place
 * without a side effect): any other mutant behaves as the reference on that input. Every
 * program of the audit also carries a batch server (servePrelude), which runs many runs from
 * one process.
 *
 * Places that must be constant where they are (outside a function body, a `case` label, an
 * array's size) are left out, and so is every mutant of a line the compiler rejects in the
 * schema: those mutants are built one by one.
 */
import type { Node } from '@vscode/tree-sitter-wasm';
import type { SourceLanguage } from './buildPlan';
import { leadingIncludes } from './buildPlan';
import type { ListedMutant } from './referenceAudit';
import { parseSource } from './syntaxTrees';

export const MUTANT_VARIABLE = 'DECK_SIM_MUTANT';
/** Makes a schema program serve a batch of runs (see switchPrelude). */
export const BATCH_VARIABLE = 'DECK_SIM_BATCH';
/** Starts the line a schema run writes to stderr at exit: the places it reached, as hexadecimal bits. */
export const REACHED_MARK = 'deck-sim-reached:';

/** Where a value must be known when compiling: a mutant there cannot be switched at run time. */
const CONSTANT_CONTEXTS = new Set([
  'case_statement', 'enumerator', 'static_assert_declaration', 'template_argument_list', 'array_declarator',
  'bitfield_clause', 'template_parameter_list', 'attribute_specifier', 'alignas_qualifier',
]);
const FUNCTION_BODIES = new Set(['function_definition', 'lambda_expression']);
/**
 * Mutants per part of a function (see assignParts): each switch costs a compare wherever it runs,
 * so a hot loop holding a few hundred runs several times slower; more parts are more builds.
 */
export const PART_MUTANTS = 64;
/**
 * Mutants whose value the reach variant computes beside the original's. Not `&&` for `||`: its
 * right side may then run where the original never lets it (`p && p->x`).
 */
const COMPARABLE_OPERATORS = new Set([
  'ror', 'aor', 'cond-negate', 'cond-true', 'cond-false', 'const+1', 'const-1', 'const0', 'not-remove',
]);
/** A division put in by a mutant may divide by zero where the original does not. */
const DIVISIONS = new Set(['/', '%', '/=', '%=']);
/** A shift's value is not compared beyond: in C++ `cout << x` is a shift in the grammar, and prints. */
const SHIFTS = new Set(['<<', '>>']);
/** How tightly C and C++ binary operators bind, from the loosest. */
const BINDING = new Map([
  ['||', 0], ['or', 0], ['&&', 1], ['and', 1], ['|', 2], ['bitor', 2], ['^', 3], ['xor', 3], ['&', 4], ['bitand', 4],
  ['==', 5], ['!=', 5], ['not_eq', 5], ['<', 6], ['<=', 6], ['>', 6], ['>=', 6], ['<=>', 7], ['<<', 8], ['>>', 8],
  ['+', 9], ['-', 9], ['*', 10], ['/', 10], ['%', 10],
]);
/** Operators whose right side runs only as the left side's value lets it. */
const SHORT_CIRCUITS = new Set(['&&', '||', 'and', 'or']);
/** Expressions with an effect: computed twice, they would act twice. */
const EFFECTS = new Set([
  'call_expression', 'assignment_expression', 'update_expression', 'comma_expression', 'new_expression',
  'delete_expression', 'lambda_expression', 'co_await_expression', 'throw_expression', 'gnu_asm_expression',
  'compound_literal_expression', 'statement_expression',
]);

/** A place switched in the schema: a syntax node and the mutants (their indices in the list) replacing it. */
interface Place {
  start: number;
  end: number;
  statement: boolean;
  mutants: number[];
  inner: Place[];
  /**
   * In the reach variant: whether each mutant's value here is computed beside the original's, to
   * tell whether the mutant changes anything (see ReachSite).
   */
  comparable: boolean;
  /** Its part of the schema: a run of places of one function (see assignParts). */
  part: number;
}

interface Span {
  start: number;
  end: number;
}

/** Where the reach variant looks at one mutant. */
interface ReachSite {
  /** The mutant's place. */
  place: Span & { statement: boolean };
  /**
   * The widest expression around the place whose value alone carries the change (see widened),
   * when the mutant's value can be computed beside the original's: no side effect, no division a
   * mutant could add. Undefined otherwise: the place is marked once reached.
   */
  compared?: Span;
}

/**
 * How the reach variant looks at a mutant, finest first: the value of the widest expression
 * carrying its change, its place's value, its place reached, nothing (every run counts as
 * reaching it). A compiler error on a mutant's line moves it one step down.
 */
export const REACH_LEVELS = ['widened', 'place', 'reached', 'unreported'] as const;
export type ReachLevel = (typeof REACH_LEVELS)[number];

/** A schema's source, and where each place's text lies in it (a compiler's error is traced to its mutants). */
export interface SchemaText {
  source: string;
  spans: { start: number; end: number; mutants: number[] }[];
}

export interface MutantSchema {
  /** Each switched mutant's number (1, 2, …), by its index in the mutants listed. */
  numbers: Map<number, number>;
  /**
   * The parts the mutants are switched in, one program each, numbered in source order: a
   * function's places, in runs of at most PART_MUTANTS mutants. A switch in a hot loop slows the
   * whole program, so each mutant runs from a program where only a few of its own function's
   * mutants are switched.
   */
  parts: number[];
  /** The part of each switched mutant, by its index in the list. */
  partOf: Map<number, number>;
  /** The program of one part: its mutants switched but those `left` out, the rest of the source as it is. */
  part(part: number, left: ReadonlySet<number>): SchemaText;
  /**
   * The reach variant: the reference itself, writing at exit which mutants' places the run
   * reached and, where a mutant's value can be compared, which mutants would have changed the
   * value of the widest expression carrying their change (slower: built only when asked).
   * `among` lists the mutants asked about (the others' places are left as they are: comparing
   * every mutant at every place costs far more than the run), `level` how each is looked at.
   */
  reach(among: ReadonlySet<number>, level: (index: number) => ReachLevel): SchemaText;
}

/**
 * The schema of `source` holding `mutants`, or undefined when no mutant can be switched (or the
 * language is Python, whose mutants are not built).
 */
export async function mutantSchema(
  source: string, language: SourceLanguage, mutants: readonly ListedMutant[],
): Promise<MutantSchema | undefined> {
  if (language === 'python') return undefined;
  const { places, sites } = await placesOf(source, language, mutants);
  if (places.length === 0) return undefined;
  const numbers = new Map<number, number>();
  const partOf = new Map<number, number>();
  for (const place of flatten(places)) {
    for (const i of place.mutants) {
      numbers.set(i, numbers.size + 1);
      partOf.set(i, place.part);
    }
  }
  const at = preludeOffset(source);
  const generate = (
    roots: readonly Place[], prelude: string, wrap: Wrap, switched: (place: Place) => boolean,
    left: ReadonlySet<number>,
  ): SchemaText => {
    const spans: SchemaText['spans'] = [];
    let text = source.slice(0, at) + prelude;
    const emit = (from: number, to: number, inside: readonly Place[]): void => {
      let next = from;
      // A place not switched here is its own text, but places nested in it may be.
      for (const place of inside) {
        const kept = switched(place) ? place.mutants.filter((i) => !left.has(i)) : [];
        text += source.slice(next, place.start);
        const start = text.length;
        const [open, close] = kept.length === 0 ? ['', '']
          : wrap(place, kept.map((i) => numbers.get(i)!), changedTexts(source, mutants, place, kept));
        text += open;
        emit(place.start, place.end, place.inner);
        text += close;
        if (kept.length > 0) spans.push({ start, end: text.length, mutants: kept });
        next = place.end;
      }
      text += source.slice(next, to);
    };
    emit(at, source.length, roots);
    return { source: text, spans };
  };
  const count = numbers.size;
  return {
    numbers, partOf, parts: [...new Set(partOf.values())],
    part: (part, left) => generate(places, switchPrelude(), switchedPlace, (place) => place.part === part, left),
    reach: (among, level) => {
      const asked = [...sites].filter(([i]) => among.has(i) && numbers.has(i) && level(i) !== 'unreported');
      const wrap: Wrap = (place, numbered, changed) =>
        reachedPlace(place, numbered, changed, source.slice(place.start, place.end));
      return generate(reachPlaces(asked, level), servePrelude(true) + reachPrelude(count), wrap, () => true, new Set());
    },
  };
}

/** The reach variant's places: each asked mutant's, or the expression it is compared at, as its level says. */
function reachPlaces(asked: readonly (readonly [number, ReachSite])[], level: (index: number) => ReachLevel): Place[] {
  const byKey = new Map<string, Place>();
  for (const [i, site] of asked) {
    const how = level(i);
    const comparable = how !== 'reached' && site.compared !== undefined;
    const { start, end } = how === 'widened' && site.compared ? site.compared : site.place;
    const { statement } = site.place;
    const key = `${start}:${end}:${statement}:${comparable}`;
    let place = byKey.get(key);
    if (!place) byKey.set(key, (place = { start, end, statement, mutants: [], inner: [], comparable, part: 0 }));
    place.mutants.push(i);
  }
  return nest([...byKey.values()]);
}

/**
 * `source` (C or C++) serving batches of runs (servePrelude): what a mutant built alone, and the
 * reference, are built from, so that their runs batch too. The server is the same code in every
 * program, so programs still differ exactly where their sources do.
 */
export function withBatchServer(source: string): string {
  const at = preludeOffset(source);
  // Diagnostics and __LINE__ keep the source's own line numbers.
  const line = source.slice(0, at).split('\n').length;
  return `${source.slice(0, at)}${servePrelude()}#line ${line}\n${source.slice(at)}`;
}

/** What goes before and after a place's own text (its inner places in it), given its mutants' numbers and texts. */
type Wrap = (place: Place, numbered: readonly number[], changed: readonly string[]) => [string, string];

/**
 * Each mutant's text of the place: the place with the mutant's change. A condition's value is
 * only tested, so it is compared as `!!`: a forced `1` and a pointer tested then agree in type.
 */
function changedTexts(source: string, mutants: readonly ListedMutant[], place: Place, kept: readonly number[]):
string[] {
  const test = conditionTest(mutants, place);
  return kept.map((i) => {
    const mutant = mutants[i];
    const changed = source.slice(place.start, mutant.start) + mutant.replacement + source.slice(mutant.end, place.end);
    return `${test}(${changed})`;
  });
}

function conditionTest(mutants: readonly ListedMutant[], place: Place): string {
  return place.mutants.some((i) => mutants[i].operator.startsWith('cond-')) ? '!!' : '';
}

/**
 * The run schema's switch at a place. Its mutants' numbers are close together: one compare
 * tells that none of them is on, the common case. Only a switched mutant is ever on, so the
 * last one needs no compare of its own.
 */
const switchedPlace: Wrap = (place, numbered, changed) => {
  if (place.statement) return [`{ if (!__ds_on(${numbered[0]})) { `, ' } }'];
  const test = changed[0].startsWith('!!') ? '!!' : '';
  const chosen = changed.slice(0, -1).map((text, n) => `__ds_on(${numbered[n]}) ? ${text} : `).join('')
    + changed[changed.length - 1];
  const first = Math.min(...numbered);
  const span = Math.max(...numbered) - first + 1;
  const open = changed.length === 1 ? `(__ds_on(${first}) ? ${chosen} : ${test}(`
    : `(__ds_among(${first}, ${span}) ? (${chosen}) : ${test}(`;
  return [open, '))'];
};

/**
 * The reach variant at a place: a statement reached marks its mutant; an expression that can be
 * compared marks each mutant whose value there differs from the original's, any other marks all
 * of its mutants once reached. A mutant never marked in a run behaves as the reference in it.
 */
function reachedPlace(place: Place, numbered: readonly number[], changed: readonly string[], raw: string):
[string, string] {
  if (place.statement) return [`{ __ds_reached[${numbered[0]}] = 1; `, ' }'];
  if (!place.comparable) {
    return [`((void) (${numbered.map((k) => `__ds_reached[${k}] = 1`).join(', ')}), (`, '))'];
  }
  const test = changed[0].startsWith('!!') ? '!!' : '';
  const value = `__ds_v${numbered[0]}`;
  // A mutant marked once needs no compare again: its pure text is not evaluated after that.
  const marks = changed.map((text, n) => {
    const mark = `__ds_reached[${numbered[n]}]`;
    return `if (!${mark} && (${text}) != ${test}${value}) ${mark} = 1;`;
  }).join(' ');
  return [`({ __typeof__(${raw}) ${value} = (`, `); ${marks} ${value}; })`];
}

/** The mutants' indices whose places overlap the text's `line` (1-based): where a compiler error lies. */
export function mutantsOnLine(schema: SchemaText, line: number): number[] {
  let start = 0;
  for (let n = 1; n < line; n++) {
    const newline = schema.source.indexOf('\n', start);
    if (newline < 0) return [];
    start = newline + 1;
  }
  const newline = schema.source.indexOf('\n', start);
  const end = newline < 0 ? schema.source.length : newline;
  return schema.spans.filter((span) => span.start <= end && span.end >= start).flatMap((span) => span.mutants);
}

/** The lines of a compiler's output that report an error in `fileName`. */
export function errorLines(output: string, fileName: string): number[] {
  const lines = new Set<number>();
  for (const line of output.split('\n')) {
    const match = /^(.*?):(\d+):(?:\d+:)? (?:fatal )?error:/.exec(line);
    if (match && (match[1] === fileName || match[1].endsWith(`/${fileName}`))) lines.add(Number(match[2]));
  }
  return [...lines];
}

/** What a reach run tells: whether it reached (and changed) a mutant's place, by the mutant's number. */
export interface Reached {
  has(number: number): boolean;
}

/** A deck as the reach variant runs it: the judge's input and the reference's transcript, which its run must print. */
export interface ReachDeck {
  input: string;
  expected: string;
}

/** What the reach variant tells of each deck (in batches: see schemaBuild.ts); undefined where its run failed. */
export type ReachOf = (decks: readonly ReachDeck[]) => Promise<(Reached | undefined)[]>;

/** Mutant numbers, as bits: what a reach run tells of the 2,000 decks of a search, kept small. */
export class NumberSet implements Reached {
  private bits: Uint8Array;

  constructor(size = 0) {
    this.bits = new Uint8Array(size);
  }

  has(number: number): boolean {
    return number < this.bits.length && this.bits[number] === 1;
  }

  add(number: number): void {
    if (number >= this.bits.length) {
      const grown = new Uint8Array(number + 1);
      grown.set(this.bits);
      this.bits = grown;
    }
    this.bits[number] = 1;
  }
}

/** The reached mutants' numbers a reach run wrote to `stderr`, or undefined when it wrote none (it crashed, say). */
export function reachedNumbers(stderr: string): NumberSet | undefined {
  const at = stderr.lastIndexOf(REACHED_MARK);
  if (at < 0) return undefined;
  const hex = /^[0-9a-f]*/.exec(stderr.slice(at + REACHED_MARK.length))![0];
  const reached = new NumberSet(hex.length * 4);
  for (let i = 0; i < hex.length; i++) {
    const nibble = parseInt(hex[i], 16);
    for (let bit = 0; bit < 4; bit++) if (nibble & (1 << bit)) reached.add(i * 4 + bit);
  }
  return reached;
}

/**
 * The batch server, in C that C++ compiles too, and the switch's number, read once before main.
 * With DECK_SIM_BATCH set (`TIME_MS LIMIT_BYTES DATA_BYTES OUTPUT_CAP THROUGH`), the program
 * serves a batch of runs instead (batchRuns.ts): stdin holds frames `MUTANT INPUT_BYTES
 * EXPECTED_BYTES\n`, the input, the expected output, read one at a time; for each, a child forked
 * before main runs that mutant on that input under the judge's limits (a timer, RLIMIT_DATA at
 * the judge's backstop, RLIMIT_FSIZE), and a line `PASSED MS[ END]` tells whether it passed as
 * the judge judges (exit 0, the expected output as outputCompare.ts compares, a peak resident
 * memory within the limit) and, when not, how it ended where that alone gives the judge's
 * verdict: `timeout`, `wrong` (exit 0, another output), `output` (past the cap), `crash`. The
 * batch stops at the first run that did not pass, unless THROUGH is 1. A fork costs far less
 * than starting a program, and main never runs in the server itself.
 */
function servePrelude(reports = false): string {
  // A reach variant's child writes its record (reachPrelude) to the server's own output, before the line of its run.
  const report = reports ? `__ds_report_fd = dup(1);
      if (__ds_report_fd < 0 || fcntl(__ds_report_fd, F_SETFD, FD_CLOEXEC) < 0) _exit(125);
      ` : '';
  return `
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/time.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>
/* The server's code after the program's own: its size then moves none of the program's loops. */
#ifdef __ELF__
#define __DS_SERVER __attribute__((section("ds_server")))
#else
#define __DS_SERVER
#endif
static int __ds_mutant;
static int __ds_report_fd = 2;
__DS_SERVER static int __ds_write_all(int fd, const char *p, size_t n) {
  while (n > 0) {
    ssize_t w = write(fd, p, n);
    if (w < 0 && errno == EINTR) continue;
    if (w <= 0) return -1;
    p += w; n -= (size_t) w;
  }
  return 0;
}
__DS_SERVER static int __ds_blank(char c) { return c == ' ' || c == '\\t' || c == '\\r'; }
__DS_SERVER static int __ds_same_lines(const char *a, size_t an, const char *b, size_t bn) {
  while (an > 0 && (__ds_blank(a[an - 1]) || a[an - 1] == '\\n')) an--;
  while (bn > 0 && (__ds_blank(b[bn - 1]) || b[bn - 1] == '\\n')) bn--;
  for (;;) {
    const char *ea = (const char *) memchr(a, '\\n', an), *eb = (const char *) memchr(b, '\\n', bn);
    size_t la = ea ? (size_t) (ea - a) : an, lb = eb ? (size_t) (eb - b) : bn, ta = la, tb = lb;
    while (ta > 0 && __ds_blank(a[ta - 1])) ta--;
    while (tb > 0 && __ds_blank(b[tb - 1])) tb--;
    if (ta != tb || memcmp(a, b, ta) != 0 || !ea != !eb) return 0;
    if (!ea) return 1;
    a += la + 1; an -= la + 1; b += lb + 1; bn -= lb + 1;
  }
}
__DS_SERVER static char *__ds_grown(char *buffer, size_t *room, size_t need) {
  if (need <= *room) return buffer;
  buffer = (char *) realloc(buffer, need);
  if (!buffer) _exit(125);
  *room = need;
  return buffer;
}
__DS_SERVER static int __ds_output_is(int fd, const char *expected, size_t length, char **seen, size_t *room) {
  off_t size = lseek(fd, 0, SEEK_END);
  size_t at = 0;
  if (size < 0) return 0;
  *seen = __ds_grown(*seen, room, (size_t) size + 1);
  while (at < (size_t) size) {
    ssize_t r = pread(fd, *seen + at, (size_t) size - at, (off_t) at);
    if (r < 0 && errno == EINTR) continue;
    if (r <= 0) return 0;
    at += (size_t) r;
  }
  if (at == length && memcmp(*seen, expected, length) == 0) return 1;
  return __ds_same_lines(*seen, at, expected, length);
}
__DS_SERVER static int __ds_fill(char **buffer, size_t *room, size_t *size, size_t need) {
  while (*size < need) {
    ssize_t r;
    *buffer = __ds_grown(*buffer, room, need + 65536);
    r = read(0, *buffer + *size, *room - *size);
    if (r < 0 && errno == EINTR) continue;
    if (r <= 0) return 0;
    *size += (size_t) r;
  }
  return 1;
}
__DS_SERVER static void __ds_serve(const char *spec) {
  long long limit_ms, limit, data, cap;
  int through;
  size_t size = 0, room = 0, seen_room = 0;
  char *frame = 0, *seen = 0;
  FILE *in = tmpfile(), *out = tmpfile();
  if (sscanf(spec, "%lld %lld %lld %lld %d", &limit_ms, &limit, &data, &cap, &through) != 5 || !in || !out) _exit(125);
  for (;;) {
    int mutant, used = 0, status, passed;
    size_t input_length, expected_length, header;
    const char *input, *newline, *end;
    struct timespec start, stop;
    struct rusage usage;
    long long elapsed;
    char line[96];
    pid_t pid;
    while (size == 0 || !(newline = (const char *) memchr(frame, '\\n', size < 64 ? size : 64))) {
      if (size >= 64) _exit(125);
      if (!__ds_fill(&frame, &room, &size, size + 1)) {
        if (size == 0) _exit(0);
        _exit(125);
      }
    }
    header = (size_t) (newline - frame) + 1;
    memcpy(line, frame, header);
    line[header] = 0;
    if (sscanf(line, "%d %zu %zu%n", &mutant, &input_length, &expected_length, &used) != 3 || line[used] != '\\n'
        || input_length > ((size_t) -1 >> 2) || expected_length > ((size_t) -1 >> 2)
        || !__ds_fill(&frame, &room, &size, header + input_length + expected_length)) _exit(125);
    input = frame + header;
    if (ftruncate(fileno(in), 0) || ftruncate(fileno(out), 0) || lseek(fileno(out), 0, SEEK_SET)
        || lseek(fileno(in), 0, SEEK_SET) || __ds_write_all(fileno(in), input, input_length)
        || lseek(fileno(in), 0, SEEK_SET)) _exit(125);
    clock_gettime(CLOCK_MONOTONIC, &start);
    pid = fork();
    if (pid < 0) _exit(125);
    if (pid == 0) {
      struct rlimit backstop = { (rlim_t) data, (rlim_t) data }, file = { (rlim_t) cap + 1, (rlim_t) cap + 1 };
      struct itimerval timer = { { 0, 0 }, { (time_t) (limit_ms / 1000), (suseconds_t) (limit_ms % 1000 * 1000) } };
      int null = open("/dev/null", O_WRONLY);
      ${report}if (dup2(fileno(in), 0) < 0 || dup2(fileno(out), 1) < 0 || null < 0 || dup2(null, 2) < 0) _exit(125);
      setrlimit(RLIMIT_DATA, &backstop);
      setrlimit(RLIMIT_FSIZE, &file);
      setitimer(ITIMER_REAL, &timer, 0);
      __ds_mutant = mutant;
      return;
    }
    while (wait4(pid, &status, 0, &usage) < 0) if (errno != EINTR) _exit(125);
    clock_gettime(CLOCK_MONOTONIC, &stop);
    elapsed = (long long) ((stop.tv_sec - start.tv_sec) * 1000 + (stop.tv_nsec - start.tv_nsec) / 1000000);
    if (WIFSIGNALED(status) && WTERMSIG(status) == SIGALRM && elapsed >= limit_ms) end = " timeout";
    else if (WIFSIGNALED(status) && WTERMSIG(status) == SIGXFSZ) end = " output";
    else if (WIFSIGNALED(status) || (WEXITSTATUS(status) != 0 && WEXITSTATUS(status) != 125)) end = " crash";
    else if (WEXITSTATUS(status) != 0) end = "";
    else if (!__ds_output_is(fileno(out), input + input_length, expected_length, &seen, &seen_room)) end = " wrong";
    else end = (long long) usage.ru_maxrss * 1024 > limit ? "" : 0;
    /* A child inherits the server's memory: a large output's copy is not kept for the next. */
    if (seen_room > (1 << 20)) {
      free(seen);
      seen = 0;
      seen_room = 0;
    }
    passed = end == 0;
    snprintf(line, sizeof line, "%d %lld%s\\n", passed, elapsed, passed ? "" : end);
    if (__ds_write_all(1, line, strlen(line))) _exit(125);
    if (!passed && !through) _exit(0);
    size -= header + input_length + expected_length;
    memmove(frame, frame + header + input_length + expected_length, size);
  }
}
__DS_SERVER __attribute__((constructor(101))) static void __ds_choose(void) {
  const char *chosen = getenv("${MUTANT_VARIABLE}"), *batch = getenv("${BATCH_VARIABLE}");
  __ds_mutant = chosen ? atoi(chosen) : 0;
  if (batch) __ds_serve(batch);
}
`;
}

/**
 * The switch at each place: a compare of the number read once, as a call there would make the
 * compiler reload the program's memory at every place.
 */
function switchPrelude(): string {
  return `${servePrelude()}static inline __attribute__((always_inline)) int __ds_on(int k) { return __ds_mutant == k; }
static inline __attribute__((always_inline)) int __ds_among(int k, int n) {
  return (unsigned) (__ds_mutant - k) < (unsigned) n;
}
`;
}

/** The bytes of a reach variant's record of `count` mutants: newline, mark, a hex digit per 4 numbers, newline. */
export function reachRecordBytes(count: number): number {
  return REACHED_MARK.length + Math.ceil((count + 1) / 4) + 2;
}

/**
 * The record of the mutants whose places a run reached (and changed), written at exit on a line
 * of its own: to stderr, or in a batch to the server's output (servePrelude).
 */
function reachPrelude(count: number): string {
  return `
static unsigned char __ds_reached[${count + 1}];
__DS_SERVER static void __ds_report(void) {
  static char line[${reachRecordBytes(count) + 1}] = "\\n${REACHED_MARK}";
  size_t at = ${REACHED_MARK.length + 1};
  int i, bit, nibble;
  for (i = 0; i <= ${count}; i += 4) {
    nibble = 0;
    for (bit = 0; bit < 4 && i + bit <= ${count}; bit++) nibble |= (__ds_reached[i + bit] != 0) << bit;
    line[at++] = "0123456789abcdef"[nibble];
  }
  line[at++] = '\\n';
  __ds_write_all(__ds_report_fd, line, at);
}
__DS_SERVER __attribute__((constructor)) static void __ds_record(void) { atexit(__ds_report); }
`;
}

/**
 * Where a prelude goes: after the source's leading block of includes, which a precompiled header
 * stands for (0 when there is none).
 */
function preludeOffset(source: string): number {
  const block = leadingIncludes(source);
  if (block === undefined) return 0;
  const last = block.trimEnd().split('\n').pop() ?? '';
  const at = source.indexOf(last);
  if (at < 0) return 0;
  const newline = source.indexOf('\n', at);
  return newline < 0 ? source.length : newline + 1;
}

function flatten(places: readonly Place[]): Place[] {
  return places.flatMap((place) => [place, ...flatten(place.inner)]);
}

/**
 * The places of the mutants that can be switched, nested as their nodes nest, in source order;
 * and where the reach variant looks at each of those mutants.
 */
async function placesOf(source: string, language: SourceLanguage, mutants: readonly ListedMutant[]):
Promise<{ places: Place[]; sites: Map<number, ReachSite> }> {
  const tree = await parseSource(source, language);
  try {
    const byRange = new Map<string, Place>();
    const sites = new Map<number, ReachSite>();
    mutants.forEach((mutant, i) => {
      const node = placeNode(tree.rootNode, mutant);
      if (!node || !switchable(node)) return;
      const statement = node.type.endsWith('_statement');
      const key = `${node.startIndex}:${node.endIndex}:${statement}`;
      let place = byRange.get(key);
      if (!place) {
        place = {
          start: node.startIndex, end: node.endIndex, statement, mutants: [], inner: [], comparable: false,
          part: outermostFunction(node),
        };
        byRange.set(key, place);
      }
      // A statement is deleted once: a second mutant there would never be switched on.
      if (!statement || place.mutants.length === 0) place.mutants.push(i);
      const comparable = pure(node) && COMPARABLE_OPERATORS.has(mutant.operator) && !mayDivideByZero(node, mutant);
      sites.set(i, {
        place: { start: node.startIndex, end: node.endIndex, statement },
        ...(comparable ? { compared: widened(node) } : {}),
      });
    });
    const places = nest([...byRange.values()]);
    assignParts(places);
    return { places, sites };
  } finally {
    tree.delete();
  }
}

/** Places nested as their ranges nest, in source order: a place is inside the last one still open that contains it. */
function nest(places: readonly Place[]): Place[] {
  const sorted = [...places].sort((a, b) => a.start - b.start || b.end - a.end
    || Number(b.statement) - Number(a.statement));
  const roots: Place[] = [];
  const open: Place[] = [];
  for (const place of sorted) {
    const contains = (outer: Place) => place.start < outer.end && place.end <= outer.end;
    while (open.length > 0 && !contains(open[open.length - 1])) open.pop();
    const parent = open[open.length - 1];
    (parent ? parent.inner : roots).push(place);
    open.push(place);
  }
  return roots;
}

/**
 * The widest expression around a place whose value alone carries a change there: up through
 * parentheses, unary operators and binary ones while the whole has no side effect, so that
 * where the mutant changes its place but not the whole (`(14 - n) / 3` against `(15 - n) / 3`)
 * nothing else changes either. Not out of a shift (`cout << x` prints), the left side of `&&`
 * and `||` (a changed value there would run the right side where the original does not), a
 * divisor (a changed one may be zero), or into a subscript, a member or `&` (an lvalue's
 * address, not its value, is what changes there).
 */
function widened(node: Node): Span {
  let at = node;
  for (let parent = at.parent; parent && carries(parent, at) && pure(parent); parent = parent.parent) at = parent;
  return { start: at.startIndex, end: at.endIndex };
}

function carries(parent: Node, child: Node): boolean {
  // Not a statement's own parentheses (C's `if (…)`): an expression inside an expression only.
  if (parent.type === 'parenthesized_expression') return parent.parent?.type.endsWith('_expression') ?? false;
  if (parent.type === 'unary_expression') return true;
  if (parent.type !== 'binary_expression') return false;
  const operator = parent.childForFieldName('operator')?.type ?? '';
  if (SHIFTS.has(operator)) return false;
  if (parent.childForFieldName('right')?.id === child.id) return !DIVISIONS.has(operator);
  return !SHORT_CIRCUITS.has(operator);
}

/**
 * Whether a mutant puts in a division by what may be zero: any divisor but a literal other than
 * 0, and any where its place is a regrouped chain (the divisor is then not the place's right side).
 */
function mayDivideByZero(place: Node, mutant: ListedMutant): boolean {
  if (!DIVISIONS.has(mutant.replacement)) return false;
  const divisor = place.childForFieldName('operator')?.startIndex === mutant.start && place.childForFieldName('right');
  return !divisor || !nonzeroLiteral(divisor);
}

function nonzeroLiteral(node: Node): boolean {
  // A character other than an escape (which may be '\0').
  if (node.type === 'char_literal') return /^'[^\\']'$/.test(node.text);
  if (node.type !== 'number_literal') return false;
  const text = node.text.replaceAll("'", '').toLowerCase();
  if (/^0[xb]/.test(text)) return /[1-9a-f]/.test(text.slice(2).replace(/[ul]+$/, ''));
  return /[1-9]/.test(text.replace(/e.*$/, '').replace(/[ulf]+$/, ''));
}

/**
 * The node a mutant's switch replaces: its own, or for one changed operator the expression
 * holding it; for an operator binding otherwise than the one it replaces, the run of operators
 * around it that the changed text regroups (`a - b / c` made `a - b - c` is `(a - b) - c`, as
 * the mutant built alone computes it, not `a - (b - c)`).
 */
function placeNode(root: Node, mutant: ListedMutant): Node | null {
  let node: Node | null = root.descendantForIndex(mutant.start, mutant.end);
  while (node && !(node.startIndex === mutant.start && node.endIndex === mutant.end)) node = node.parent;
  if (!node || node.isNamed) return node;
  // An operator is a token, not a value: the expression holding it is what switches.
  let place = node.parent;
  const [was, now] = [BINDING.get(node.type), BINDING.get(mutant.replacement)];
  if (place?.type === 'binary_expression' && was !== undefined && now !== undefined && was !== now) {
    // Operators binding more loosely than both keep their operands whole.
    const loosest = Math.min(was, now);
    const binding = (at: Node) => BINDING.get(at.childForFieldName('operator')?.type ?? '') ?? -1;
    while (place.parent?.type === 'binary_expression' && binding(place.parent) >= loosest) place = place.parent;
  }
  return place;
}

/**
 * Splits each function's places, in source order (an outer place before those nested in it),
 * into parts of at most PART_MUTANTS mutants, numbered 0, 1, … in source order. On entry `part`
 * is the offset of the place's function.
 */
function assignParts(roots: readonly Place[]): void {
  let current: { function: number; part: number; mutants: number } | undefined;
  for (const place of flatten(roots)) {
    if (current?.function !== place.part || current.mutants + place.mutants.length > PART_MUTANTS) {
      current = { function: place.part, part: current ? current.part + 1 : 0, mutants: 0 };
    }
    current.mutants += place.mutants.length;
    place.part = current.part;
  }
}

/** The offset of the outermost function definition holding `node`. */
function outermostFunction(node: Node): number {
  let part = node.startIndex;
  for (let at: Node | null = node.parent; at; at = at.parent) {
    if (at.type === 'function_definition') part = at.startIndex;
  }
  return part;
}

/** Whether an expression has no effect (no call, assignment, increment, allocation): it may be computed again. */
function pure(node: Node): boolean {
  if (EFFECTS.has(node.type)) return false;
  for (const child of node.namedChildren) if (child && !pure(child)) return false;
  return true;
}

/** Whether a node's value may change at run time: inside a function's body and in no constant context. */
function switchable(node: Node): boolean {
  if (CONSTANT_CONTEXTS.has(node.type)) return false;
  for (let at: Node | null = node.parent, child: Node = node; at; child = at, at = at.parent) {
    if (CONSTANT_CONTEXTS.has(at.type)) {
      // A case's statements run; its label is a constant.
      if (at.type !== 'case_statement' || at.childForFieldName('value')?.id === child.id) return false;
    }
    if (FUNCTION_BODIES.has(at.type)) return at.childForFieldName('body')?.id === child.id;
  }
  return false;
}
