/**
 * A toy third game, for tests only: it proves that a game plugs into the language server, the
 * CLI and the audit through the registry alone (ARCHITECTURE.md's "Add a game").
 *
 * Sum race (`.sumdeck`): players take the top card in turn and add it to their sum; the first whose
 * sum reaches the target wins, and when the cards run out nobody does. A deck is three lines:
 *
 *     target 10
 *     players A B
 *     cards 3 5 2 7 1
 *
 * Lines starting with `#` are comments. Targets are 1 to 99, cards 1 to 9, players 1 to 4.
 */
import type { GameCatalogue } from '../server/src/core/catalogue/types';
import type { Problem, Range } from '../server/src/core/problem';
import { range } from '../server/src/core/problem';
import { firstWord } from '../server/src/core/deckText';
import type { DeckMaker } from '../server/src/core/deckMaker';
import type { DeckGame, GameAnalysis } from '../server/src/core/deckGame';
import { isGameId, registerGame } from '../server/src/core/gameRegistry';
import type { AnalyzedDeck, DeckSymbol, GameService, GameReplay } from '../server/src/features/gameService';
import { registerService } from '../server/src/features/serviceRegistry';
import type { ReplayData } from '../server/src/protocol/replay';

export interface SumToken { value: number; range: Range }

export interface SumDeck {
  target: SumToken;
  players: { name: string; range: Range }[];
  cards: SumToken[];
  /** The range of each section's line, by keyword. */
  lines: Record<string, Range>;
}

export interface SumDraw { player: number; card: number; sum: number }

export interface SumGame {
  draws: SumDraw[];
  /** The winner's index; undefined when the cards ran out. */
  winner?: number;
}

export interface SumAnalysis extends GameAnalysis {
  deck?: SumDeck;
  game?: SumGame;
}

const LIMITS = { target: [1, 99], card: [1, 9], players: [1, 4] } as const;

function problem(line: number, start: number, end: number, code: string, message: string): Problem {
  return { range: range(line, start, end), severity: 'error', code, message };
}

/** The words of a line with their columns. */
function words(line: string): { text: string; start: number }[] {
  return [...line.matchAll(/\S+/g)].map((m) => ({ text: m[0], start: m.index }));
}

function number(word: { text: string; start: number }, line: number, bounds: readonly [number, number], what: string,
  problems: Problem[]): SumToken | undefined {
  const value = Number(word.text);
  const where = range(line, word.start, word.start + word.text.length);
  if (!/^\d+$/.test(word.text) || value < bounds[0] || value > bounds[1]) {
    const message = `A ${what} is a whole number from ${bounds[0]} to ${bounds[1]}, not '${word.text}'.`;
    problems.push({ range: where, severity: 'error', code: `bad-${what}`, message });
    return undefined;
  }
  return { value, range: where };
}

export function parseSumDeck(text: string): { deck?: SumDeck; problems: Problem[] } {
  const problems: Problem[] = [];
  const found: Partial<SumDeck> = { lines: {} };
  text.split('\n').forEach((raw, line) => {
    const text = raw.replace(/\r$/, '');
    const [keyword, ...rest] = words(text);
    if (!keyword || keyword.text.startsWith('#')) return;
    found.lines![keyword.text] = range(line, keyword.start, text.length);
    if (keyword.text === 'target') found.target = rest[0] && number(rest[0], line, LIMITS.target, 'target', problems);
    else if (keyword.text === 'players') {
      found.players = rest.map((w) => ({ name: w.text, range: range(line, w.start, w.start + w.text.length) }));
    } else if (keyword.text === 'cards') {
      found.cards = rest.map((w) => number(w, line, LIMITS.card, 'card', problems)).filter((c) => c !== undefined);
    } else {
      const message = `Unknown line '${keyword.text}': use target, players or cards.`;
      problems.push(problem(line, keyword.start, keyword.start + keyword.text.length, 'unknown-line', message));
    }
  });
  const end = text.split('\n').length - 1;
  if (!found.lines!.target) problems.push(problem(end, 0, 0, 'missing-target', 'The deck has no target line.'));
  if (!found.lines!.players) problems.push(problem(end, 0, 0, 'missing-players', 'The deck has no players line.'));
  else if (found.players!.length < LIMITS.players[0] || found.players!.length > LIMITS.players[1]) {
    const where = found.lines!.players;
    const message = `A game has 1 to 4 players, not ${found.players!.length}.`;
    problems.push({ range: where, severity: 'error', code: 'bad-players', message });
  }
  if (!found.lines!.cards) problems.push(problem(end, 0, 0, 'missing-cards', 'The deck has no cards line.'));
  const complete = problems.length === 0 && found.target !== undefined;
  return { deck: complete ? (found as SumDeck) : undefined, problems };
}

/** Plays a valid deck; `reach` says when a sum wins (the real rule: at least the target). */
export function playSum(deck: SumDeck, reach = (sum: number, target: number) => sum >= target): SumGame {
  const sums = deck.players.map(() => 0);
  const draws: SumDraw[] = [];
  for (const [i, card] of deck.cards.entries()) {
    const player = i % deck.players.length;
    sums[player] += card.value;
    draws.push({ player, card: card.value, sum: sums[player] });
    if (reach(sums[player], deck.target.value)) return { draws, winner: player };
  }
  return { draws };
}

export function sumTranscript(deck: SumDeck, game: SumGame): string {
  const lines = game.draws.map((d) => `${deck.players[d.player].name} DRAW ${d.card} SUM ${d.sum}`);
  lines.push(game.winner === undefined ? 'NO WINNER' : `${deck.players[game.winner].name} WINS`);
  return lines.join('\n') + '\n';
}

function analyzeSum(text: string): SumAnalysis {
  const { deck, problems } = parseSumDeck(text);
  return { problems, deck, game: deck && playSum(deck) };
}

const CATALOGUE: GameCatalogue<SumAnalysis> = {
  rules: [
    { id: 'target-reached', description: 'A player\'s sum reaches the target: they win.' },
    { id: 'cards-run-out', description: 'The cards run out before any sum reaches the target: nobody wins.' },
  ],
  ruleHits: (analysis) => analysis.game
    && new Map([[analysis.game.winner === undefined ? 'cards-run-out' : 'target-reached', 1]]),
  mistakes: [{ id: 'must-exceed', description: 'a sum must pass the target, not only reach it, to win' }],
  mistakeTranscript: (analysis, mistake) => (analysis.deck && mistake === 'must-exceed'
    ? sumTranscript(analysis.deck, playSum(analysis.deck, (sum, target) => sum > target)) : undefined),
  // A single player who lands exactly on the target: the real rule wins there, the mistake plays on.
  targetedDeck: (target, seed) => (target === 'must-exceed' || target === 'target-reached'
    ? `target ${1 + (seed % 9)}\nplayers A\ncards ${1 + (seed % 9)} 9\n` : undefined),
};

/** A deck as its numbers. */
interface SumNumbers { target: number; players: string[]; cards: number[] }

const numbersOf = (deck: SumDeck): SumNumbers => ({
  target: deck.target.value, players: deck.players.map((p) => p.name), cards: deck.cards.map((c) => c.value),
});

const numbersText = (deck: SumNumbers, header: readonly string[] = []) => [
  ...header.map((line) => `# ${line}`),
  `target ${deck.target}`, `players ${deck.players.join(' ')}`, `cards ${deck.cards.join(' ')}`, '',
].join('\n');

const MAKER: DeckMaker<SumNumbers> = {
  generators: ['random'],
  generate: (_generator, seed) => {
    let state = seed >>> 0;
    const next = () => (state = (state * 1_103_515_245 + 12_345) >>> 0) >>> 16;
    return { target: 5 + (next() % 20), players: ['A', 'B'], cards: Array.from({ length: 8 }, () => 1 + (next() % 9)) };
  },
  text: numbersText,
  fromText: (text) => {
    const { deck } = parseSumDeck(text);
    return deck && numbersOf(deck);
  },
  *variants(deck) {
    for (let i = deck.cards.length - 1; i >= 0; i--) yield { ...deck, cards: deck.cards.filter((_, j) => j !== i) };
  },
  smaller: true,
  final: (deck) => deck,
};

export const SUM_RACE: DeckGame<SumAnalysis> = {
  id: 'sumrace',
  name: 'Sum race',
  languageId: 'sumdeck',
  extensions: ['.sumdeck'],
  unit: 'card',
  recognizes: (text) => firstWord(text) === 'target',
  analyze: analyzeSum,
  transcript: (analysis) => analysis.deck && analysis.game && sumTranscript(analysis.deck, analysis.game),
  writeTranscript(analysis, write) {
    const text = SUM_RACE.transcript(analysis);
    if (text === undefined) return false;
    write(new TextEncoder().encode(text));
    return true;
  },
  judgeInput: (analysis) => analysis.deck && numbersText(numbersOf(analysis.deck)),
  catalogue: () => CATALOGUE,
  deckMaker: () => MAKER as DeckMaker<unknown>,
};

const contains = (r: Range, line: number, character: number) => (
  r.start.line === line && r.start.character <= character && character <= r.end.character);

/** The toy's replay: one frame per draw. Its kind is no kind of the protocol (no client draws it). */
function sumReplay(deck: SumDeck, game: SumGame): GameReplay {
  return {
    stepCount: game.draws.length,
    pageSize: 100,
    data: (common) => ({
      ...common, kind: 'sumrace', players: deck.players.map((p) => p.name), stepCount: game.draws.length, pageSize: 100,
      pictures: {}, frames: sumReplay(deck, game).frames(0, game.draws.length),
    } as unknown as ReplayData),
    frames: (from, to) => game.draws.slice(from, to).map((d) => ({
      caption: `${deck.players[d.player].name} DRAW ${d.card} SUM ${d.sum}`, actor: d.player, sum: d.sum,
    }) as never),
    target: (position) => {
      const index = deck.cards.findIndex((c) => contains(c.range, position.line, position.character));
      if (index < 0) return null;
      return index < game.draws.length ? { step: index, focus: index } : { note: 'Never drawn: the game is over.' };
    },
  };
}

class SumDeckView implements AnalyzedDeck {
  constructor(private readonly analysis: SumAnalysis, private readonly text: string) {}
  get problems() { return this.analysis.problems; }
  transcript() { return SUM_RACE.transcript(this.analysis); }
  outcome() {
    const { deck, game } = this.analysis;
    if (!deck || !game) return `not played: ${this.analysis.problems.length} errors`;
    if (game.winner === undefined) return 'nobody wins';
    return `${deck.players[game.winner].name} wins after ${game.draws.length} draws`;
  }
  lensTitle() { return this.outcome(); }
  hover(position: { line: number; character: number }) {
    const { deck, game } = this.analysis;
    const index = deck ? deck.cards.findIndex((c) => contains(c.range, position.line, position.character)) : -1;
    if (!deck || !game || index < 0) return undefined;
    const draw = game.draws[index];
    if (!draw) return `Card **${deck.cards[index].value}**: never drawn`;
    return `Card **${draw.card}**: drawn by ${deck.players[draw.player].name}, whose sum becomes ${draw.sum}`;
  }
  completions() { return []; }
  inlayHints() { return []; }
  selectionSummary() { return { text: '', tooltip: '' }; }
  replay() { return this.analysis.deck && this.analysis.game && sumReplay(this.analysis.deck, this.analysis.game); }
  symbols(): DeckSymbol[] { return sumOutline(this.analysis); }
  folds() { return []; }
  highlights() { return []; }
  references() { return []; }
  renameTarget() { return undefined; }
  rename() { return { error: 'Sum race has nothing to rename.' }; }
  format() { return { text: this.text, blocks: [], original: this.text.split('\n') }; }
  judgeInput() { return SUM_RACE.judgeInput(this.analysis); }
  lineCount() { return this.transcript()?.split('\n').length ?? 0; }
  lineReport() { return undefined; }
  explainRecords() { return []; }
  explainedLines() { return []; }
}

/** The outline: one section per line, the cards as children. */
function sumOutline(analysis: SumAnalysis): DeckSymbol[] {
  const deck = analysis.deck;
  if (!deck) return [];
  const section = (name: string, children?: DeckSymbol[]): DeckSymbol => ({
    name, kind: 'section', range: deck.lines[name], selectionRange: deck.lines[name], ...(children && { children }),
  });
  return [
    section('target'),
    section('players', deck.players.map((p) => ({
      name: p.name, kind: 'player', range: p.range, selectionRange: p.range,
    }))),
    section('cards', deck.cards.map((c, i) => ({
      name: String(c.value), detail: `card ${i + 1}`, kind: 'tile', range: c.range, selectionRange: c.range,
    }))),
  ];
}

export const SUM_RACE_SERVICE: GameService = {
  game: SUM_RACE as DeckGame,
  newDeckBounds: { players: { prompt: 'Players', min: 1, max: 4, default: 2 } },
  newDeck: (seed, { players = 2 }) => numbersText({
    ...MAKER.generate(0, seed), players: ['A', 'B', 'C', 'D'].slice(0, players),
  }),
  analyze: (text) => new SumDeckView(analyzeSum(text), text),
};

/** Registers the toy game as gameRegistry.ts and serviceRegistry.ts register the shipped ones; once per process. */
export function registerSumRace(): void {
  if (isGameId(SUM_RACE.id)) return;
  registerGame(SUM_RACE as DeckGame);
  registerService(SUM_RACE.id, () => SUM_RACE_SERVICE);
}
