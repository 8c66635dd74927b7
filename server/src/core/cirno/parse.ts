import { range, type Problem, type Range } from '../problem';
import { quote, tokenRange, type Token } from '../deckText';
import { LIMITS } from './limits';
import { CirnoPile, readCard, type CirnoCard } from './pile';
import { WordScanner } from './scan';

/** A number of the header `n m k`; `value` is set only when the token is an integer. */
export interface CirnoHeaderNumber {
  text: string;
  value: number | undefined;
  range: Range;
}

export interface CirnoPlayer {
  name: string;
  nameRange: Range;
  /** 0-based line of the player's line. */
  line: number;
  /** The cards as written: exactly three when the line is well formed. */
  hand: CirnoCard[];
}

/** A deck read well enough to locate its parts: the header gave a valid player count n. */
export interface CirnoDeck {
  n: CirnoHeaderNumber & { value: number };
  m: CirnoHeaderNumber | undefined;
  k: CirnoHeaderNumber | undefined;
  /** In seat order; fewer than n when player lines are missing. */
  players: CirnoPlayer[];
  /** Top first. */
  pile: CirnoPile;
  /** Where the text ends, to point at what is missing. */
  end: Range;
}

export interface ParsedCirno {
  deck?: CirnoDeck;
  problems: Problem[];
}

const HEADER_NAMES = ['n (players)', 'm (rounds)', 'k (pile cards)'] as const;

/**
 * Reads the layout: header line, n player lines, then the pile in any white-space layout.
 * Junk costs no memory: a line keeps only the words it may need, and past PILE_KEPT pile
 * cards (no k allows that many) the rest are counted, not kept.
 */
export function parseCirno(text: string): ParsedCirno {
  const problems: Problem[] = [];
  const words = new WordScanner(text);
  let more = words.next();
  // The words of the line the scanner is on (the first `keep` as tokens) and how many there are.
  const readLine = (keep: number): { tokens: Token[]; count: number } => {
    const line = words.line;
    const tokens: Token[] = [];
    let count = 0;
    for (; more && words.line === line; more = words.next()) if (count++ < keep) tokens.push(words.token());
    return { tokens, count };
  };

  if (!more) {
    problems.push({
      range: range(0, 0, 0),
      severity: 'error',
      code: 'empty-deck',
      message: "The deck holds no cards at all: it should start with the header line 'n m k' (players, rounds, "
        + 'pile cards).',
    });
    return { problems };
  }
  const [n, m, k] = readHeader(readLine(4).tokens, problems);
  if (n?.value === undefined || !inBounds(n.value, LIMITS.n)) return { problems };

  const players: CirnoPlayer[] = [];
  // A name, three cards and the first extra card, which a problem points at.
  while (players.length < n.value && more) players.push(readPlayer(readLine(5), problems));
  const pile = new CirnoPile(text, k?.value !== undefined && inBounds(k.value, LIMITS.k) ? k.value : 0);
  if (more) pile.addAll(words);
  const end = words.endRange();
  if (players.length < n.value) {
    const count = players.length;
    const found = count === 0
      ? 'no player lines follow'
      : `only ${plural(count, 'player line')} ${count === 1 ? 'follows' : 'follow'}`;
    problems.push({
      range: end,
      severity: 'error',
      code: 'missing-players',
      message: `The header announces ${plural(n.value, 'player')} but ${found}.`,
    });
  }
  return { deck: { n: n as CirnoDeck['n'], m, k, players, pile, end }, problems };
}

function readHeader(tokens: Token[], problems: Problem[]): (CirnoHeaderNumber | undefined)[] {
  const numbers = [0, 1, 2].map((i) => (i < tokens.length ? readNumber(tokens[i]) : undefined));
  numbers.forEach((num, i) => {
    if (!num) return;
    const limit = LIMITS[(['n', 'm', 'k'] as const)[i]];
    if (num.value === undefined) {
      headerProblem(problems, num.range, `${HEADER_NAMES[i]} must be a whole number, not ${quote(num.text)}.`);
    } else if (!inBounds(num.value, limit)) {
      headerProblem(problems, num.range, `${HEADER_NAMES[i]} must be between 1 and ${limit}, not ${num.text}.`);
    }
  });
  if (tokens.length < 3) {
    const last = tokens[tokens.length - 1];
    const missing = HEADER_NAMES.slice(tokens.length);
    const what = missing.length === 1 ? `${missing[0]} is missing` : `${missing.join(' and ')} are missing`;
    const where = range(last.line, last.end, last.end);
    headerProblem(problems, where, `The header must be three whole numbers 'n m k': ${what}.`);
  } else if (tokens.length > 3) {
    const extra = quote(tokens[3].text);
    const message = `The header holds only the three numbers 'n m k'; ${extra} is extra.`;
    headerProblem(problems, tokenRange(tokens[3]), message);
  }
  return numbers;
}

function readNumber(token: Token): CirnoHeaderNumber {
  const value = /^[+-]?\d+$/.test(token.text) ? Number(token.text) : undefined;
  return { text: token.text, value, range: tokenRange(token) };
}

function headerProblem(problems: Problem[], where: Range, message: string): void {
  problems.push({ range: where, severity: 'error', code: 'bad-header', message });
}

function readPlayer({ tokens, count }: { tokens: Token[]; count: number }, problems: Problem[]): CirnoPlayer {
  const [nameToken, ...cards] = tokens;
  const player: CirnoPlayer = {
    name: nameToken.text,
    nameRange: tokenRange(nameToken),
    line: nameToken.line,
    hand: cards.slice(0, 3).map(readCard),
  };
  const held = count - 1;
  if (held !== 3) {
    const last = tokens[tokens.length - 1];
    problems.push({
      // Too many: the first extra card; too few: where the next card would go.
      range: held > 3 ? tokenRange(cards[3]) : range(last.line, last.end, last.end),
      severity: 'error',
      code: 'bad-player-line',
      message:
        `Player ${quote(player.name)} holds ${plural(held, 'card')}; a player line is a name and exactly three cards.`,
    });
  }
  return player;
}

export function inBounds(value: number, limit: number): boolean {
  return value >= 1 && value <= limit;
}

export function plural(count: number, noun: string): string {
  return `${count} ${noun}${count === 1 ? '' : 's'}`;
}
