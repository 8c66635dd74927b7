/**
 * The decks a test set is missing: for every mistake it lets through and every rule branch it
 * never takes, a deck built for it (the catalogue's targeted decks, then the game's generators),
 * shrunk, and of all those found a greedy cover, so few new decks are kept.
 */
import { seededRandom } from '../seededRandom';
import type { DeckMaker } from '../deckMaker';
import type { DeckGame, GameAnalysis } from '../deckGame';
import type { AuditReport } from './audit';
import { greedyCover } from './cover';
import { mistakeDifference, profileAnalysis, type DeckProfile } from './profile';
import { shrinkDeck, type ShrinkBudget } from './shrink';
import { step, type LongTask } from './task';
import type { Mistake } from './types';

export interface AugmentOptions {
  /** The same seed, the same decks. */
  seed: number;
  /** Targeted decks tried per target before the generators (default 40). */
  targetedTries?: number;
  /** Generated decks tried per target after that (default 1,000)... */
  generatedTries?: number;
  /** ...while their transcripts stay under this many lines in all (default 1,000,000): big games cost more. */
  generatedLines?: number;
  /** Shrinking per deck found. */
  shrink?: ShrinkBudget;
  /** The new decks' names start with it (default `audit-`). */
  prefix?: string;
}

export interface NewDeck {
  /** `audit-01-no-self-pong`: a number, then the target it was built for. */
  name: string;
  /** The judge's input, exactly as a solution reads it (the `.in`). */
  input: string;
  /** The reference transcript (the `.ans`). */
  answer: string;
  /** One line: what it catches and exercises that the set did not (the `.desc`). */
  description: string;
  /** The mistakes it catches and the rule branches it takes that the set (with the decks kept before it) did not. */
  catches: string[];
  exercises: string[];
}

export interface Unreached {
  id: string;
  description: string;
  /** Decks tried. */
  tried: number;
}

export interface AugmentResult {
  /** The decks to add, in the order the cover picked them. */
  decks: NewDeck[];
  /** Mistakes no deck tried catches: maybe no deck can (the mistake changes nothing). */
  possiblyEquivalent: Unreached[];
  /** Rule branches no deck tried takes. */
  unexercised: Unreached[];
  /** Decks tried in all. */
  tried: number;
}

const DEFAULTS = {
  targetedTries: 40,
  generatedTries: 1000,
  generatedLines: 1_000_000,
  shrink: { runs: 200, patience: 64 },
  prefix: 'audit-',
};

interface Found<A> {
  target: string;
  analysis: A;
  profile: DeckProfile;
}

/** Searches decks for what `report`'s set misses; `task` sees a step per target. */
export async function augmentDecks<A extends GameAnalysis>(
  game: DeckGame<A>, report: AuditReport, options: AugmentOptions, task?: LongTask,
): Promise<AugmentResult> {
  const settings = { ...DEFAULTS, ...options };
  const catalogue = game.catalogue();
  const maker = game.deckMaker();
  const seeds = seededRandom(settings.seed);
  const nextSeed = () => Math.floor(seeds() * 2 ** 32);
  const mistakes = new Set(catalogue.mistakes.map((m) => m.id));
  const missing = [
    ...report.mistakes.filter((m) => m.killedBy.length === 0),
    ...report.rules.filter((r) => r.hits === 0),
  ];
  const found: Found<A>[] = [];
  const unreached: Unreached[] = [];
  let tried = 0;
  const covers = (profile: DeckProfile, target: string) =>
    mistakes.has(target) ? profile.caught.has(target) : profile.hits.has(target);
  let lines = 0;
  /** The target's mark on a deck (its first differing line; 0 for a rule taken), undefined when it misses. */
  const mark = (analysis: A, target: string): number | undefined => {
    const expected = game.transcript(analysis);
    if (expected === undefined) return undefined;
    lines += expected.length - expected.replaceAll('\n', '').length;
    if (mistakes.has(target)) return mistakeDifference(game, analysis, expected, target)?.line;
    return catalogue.ruleHits(analysis)?.has(target) ? 0 : undefined;
  };
  for (const [i, { id, description }] of missing.entries()) {
    if (!found.some((f) => covers(f.profile, id))) {
      lines = 0;
      const search = searchDeck(game, maker, id, settings, nextSeed, mark, () => lines);
      tried += search.tried;
      if (search.deck === undefined) unreached.push({ id, description, tried: search.tried });
      else {
        const analysis = game.analyze(maker.text(maker.final(search.deck)));
        const result = profileAnalysis(game, analysis);
        // A shrunk deck still does its job (the shrinker checked it), so it has a profile.
        if ('profile' in result) found.push({ target: id, analysis, profile: result.profile });
      }
    }
    await step(task, i + 1, missing.length);
  }
  const elements = (profile: DeckProfile) =>
    new Set([...[...profile.caught.keys()].map((id) => `m:${id}`), ...[...profile.hits.keys()].map((id) => `r:${id}`)]);
  const old = new Set<string>();
  for (const profile of report.profiles) if (profile) for (const element of elements(profile)) old.add(element);
  const picks = greedyCover(found.map((f) => elements(f.profile)), old);
  const decks = picks.map(({ index, added }, n): NewDeck => {
    const { target, analysis } = found[index];
    const catches = catalogue.mistakes.filter((m) => added.includes(`m:${m.id}`)).map((m) => m.id);
    const exercises = catalogue.rules.filter((r) => added.includes(`r:${r.id}`)).map((r) => r.id);
    return {
      name: `${settings.prefix}${String(n + 1).padStart(2, '0')}-${target}`,
      input: game.judgeInput(analysis)!,
      answer: game.transcript(analysis)!,
      description: describe(catches, exercises, catalogue.mistakes),
      catches,
      exercises,
    };
  });
  const possiblyEquivalent = unreached.filter((u) => mistakes.has(u.id));
  return { decks, possiblyEquivalent, unexercised: unreached.filter((u) => !mistakes.has(u.id)), tried };
}

/** Targeted decks first, then the generators in turn; the first that hits, shrunk. */
function searchDeck<A extends GameAnalysis, D>(
  game: DeckGame<A>, maker: DeckMaker<D>, target: string, settings: typeof DEFAULTS & AugmentOptions,
  nextSeed: () => number, mark: (analysis: A, target: string) => number | undefined,
  linesRead: () => number,
): { deck?: D; tried: number } {
  const measure = (deck: D) => mark(game.analyze(maker.text(deck)), target);
  const catalogue = game.catalogue();
  let tried = 0;
  const attempt = (deck: D | undefined): D | undefined => {
    if (deck === undefined) return undefined;
    tried++;
    const line = measure(deck);
    if (line === undefined) return undefined;
    // A rule branch has no line to bring earlier: only a game whose variants are smaller decks shrinks it.
    if (line === 0 && !maker.smaller) return deck;
    const start = line === 0 ? Number.MAX_SAFE_INTEGER : line;
    return shrinkDeck(maker, deck, start, (variant) => {
      const at = measure(variant);
      return at === 0 ? start : at;
    }, settings.shrink, nextSeed()).deck;
  };
  for (let i = 0; i < settings.targetedTries; i++) {
    const text = catalogue.targetedDeck(target, nextSeed());
    if (text === undefined) break;
    const deck = attempt(maker.fromText(text));
    if (deck !== undefined) return { deck, tried };
  }
  const generatedFrom = linesRead();
  for (let i = 0; i < settings.generatedTries && linesRead() - generatedFrom < settings.generatedLines; i++) {
    const deck = attempt(maker.generate(i % maker.generators.length, nextSeed()));
    if (deck !== undefined) return { deck, tried };
  }
  return { tried };
}

/** `catches no-self-pong (a discarder may not pong their own discard); exercises self-pong, pong-declined` */
function describe(catches: readonly string[], exercises: readonly string[], all: readonly Mistake[]): string {
  const parts: string[] = [];
  if (catches.length > 0) {
    const named = catches.map((id) => `${id} (${all.find((m) => m.id === id)!.description.replace(/\.$/, '')})`);
    parts.push(`catches ${named.join(', ')}`);
  }
  if (exercises.length > 0) parts.push(`exercises ${exercises.join(', ')}`);
  return parts.join('; ').replace(/[\r\n]+/g, ' ');
}

/**
 * The one deck that catches mistake `id`, which `report`'s set lets through (the report
 * view's button): the same search as augmentDecks, aimed at that mistake alone.
 */
export function augmentMistake<A extends GameAnalysis>(
  game: DeckGame<A>, report: AuditReport, id: string, options: AugmentOptions, task?: LongTask,
): Promise<AugmentResult> {
  const only: AuditReport = {
    ...report,
    rules: report.rules.map((rule) => ({ ...rule, hits: Math.max(rule.hits, 1) })),
    mistakes: report.mistakes.filter((mistake) => mistake.id === id && mistake.killedBy.length === 0),
  };
  return augmentDecks(game, only, options, task);
}
