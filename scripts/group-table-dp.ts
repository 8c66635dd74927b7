/**
 * The group tables by dynamic programme: what scripts/generate-tables.ts precomputes for every
 * group content a hand can hold. Not part of the engine: it only reads the generated tables.
 */
import { mergeInto } from '../server/src/core/mahjong/mergeTables.generated';
import { IMPOSSIBLE, MAX_SETS, TABLE_SIZE } from '../server/src/core/mahjong/tableShape';

const POW5 = [1, 5, 25, 125, 625, 3125, 15625, 78125, 390625];

/*
 * A suit's table comes from a dynamic programme over its nine ranks. The state between two
 * ranks is the runs still open (started one and two ranks back: a and b), with the sets and
 * pair so far. The suit is split after rank 5: the first five ranks run forwards to their
 * end states, the last four backwards from every possible open-run state, and the two halves
 * are memoised separately (5^5 and 5^4 contents), so a new suit costs 15 small merges. Each
 * half is itself built one rank at a time from the memoised state of one rank fewer, so the
 * thousands of halves share their common prefixes (or suffixes).
 */
const SPLIT = 5;
const BOUNDARY_STATES = 25; // (a, b) as a * 5 + b; only a + b <= 4 occur
const HALF_SIZE = BOUNDARY_STATES * TABLE_SIZE;
const LOW_KEYS = POW5[SPLIT];
/** lowStates[n][key]: the forward state after ranks 1..n holding `key` (base 5, rank 1 lowest). */
const lowStates: (Int8Array | undefined)[][] = Array.from({ length: SPLIT + 1 }, (_, n) => new Array(POW5[n]));
/** highStates[n][key]: the backward state of ranks 10-n..9 holding `key` (base 5, lowest rank first). */
const highStates: (Int8Array | undefined)[][] = Array.from({ length: 9 - SPLIT + 1 }, (_, n) => new Array(POW5[n]));

function emptyState(): Int8Array {
  const state = new Int8Array(HALF_SIZE).fill(IMPOSSIBLE);
  state[0] = 0; // nothing open, no set, no pair
  return state;
}

/**
 * One rank forwards: from the state before `rank` to the state after it, holding `held` tiles
 * of it. Choose r new runs, t triplets and q pairs; the kind appears at most 4 times in W.
 */
function stepForward(before: Int8Array, rank: number, held: number): Int8Array {
  const after = new Int8Array(HALF_SIZE).fill(IMPOSSIBLE);
  const runsAllowed = rank <= 6;
  for (let a = 0; a <= MAX_SETS; a++) {
    for (let b = 0; a + b <= MAX_SETS; b++) {
      const open = a + b;
      // Open runs are sets already counted, so s >= a + b.
      for (let s = open; s <= MAX_SETS; s++) {
        for (let p = 0; p <= 1; p++) {
          const value = before[(a * 5 + b) * TABLE_SIZE + s * 2 + p];
          if (value === IMPOSSIBLE) continue;
          const maxRuns = runsAllowed ? MAX_SETS - s : 0;
          for (let r = 0; r <= maxRuns && open + r <= 4; r++) {
            const base = (b * 5 + r) * TABLE_SIZE;
            for (let t = 0; t <= 1 && s + r + t <= MAX_SETS; t++) {
              for (let q = 0; q + p <= 1; q++) {
                const inW = open + r + 3 * t + 2 * q;
                if (inW > 4) continue;
                const total = value + (inW < held ? inW : held);
                const at = base + (s + r + t) * 2 + p + q;
                if (total > after[at]) after[at] = total;
              }
            }
          }
        }
      }
    }
  }
  return after;
}

/**
 * One rank backwards: from the state of the ranks after `rank` to the state from `rank` on,
 * for every (a, b) of runs open when `rank` is reached. Counts only the sets begun here or later.
 */
function stepBackward(later: Int8Array, rank: number, held: number): Int8Array {
  const here = new Int8Array(HALF_SIZE).fill(IMPOSSIBLE);
  const runsAllowed = rank <= 6;
  for (let a = 0; a <= MAX_SETS; a++) {
    for (let b = 0; a + b <= MAX_SETS; b++) {
      const open = a + b;
      const at = (a * 5 + b) * TABLE_SIZE;
      const maxRuns = runsAllowed ? MAX_SETS - open : 0;
      for (let r = 0; r <= maxRuns && open + r <= 4; r++) {
        const from = (b * 5 + r) * TABLE_SIZE;
        for (let t = 0; t <= 1 && open + r + t <= MAX_SETS; t++) {
          for (let q = 0; q <= 1; q++) {
            const inW = open + r + 3 * t + 2 * q;
            if (inW > 4) continue;
            const gain = inW < held ? inW : held;
            const sets = r + t;
            for (let s = 0; s + sets <= MAX_SETS; s++) {
              for (let p = 0; p + q <= 1; p++) {
                const rest = later[from + s * 2 + p];
                if (rest === IMPOSSIBLE) continue;
                const to = at + (s + sets) * 2 + p + q;
                if (rest + gain > here[to]) here[to] = rest + gain;
              }
            }
          }
        }
      }
    }
  }
  return here;
}

/** Ranks 1..n forwards, for the first n digits of a suit key. */
function lowState(n: number, key: number): Int8Array {
  if (n === 0) return (lowStates[0][0] ??= emptyState());
  const shorter = key % POW5[n - 1];
  return (lowStates[n][key] ??= stepForward(lowState(n - 1, shorter), n - 1, Math.floor(key / POW5[n - 1])));
}

/** Ranks 10-n..9 backwards; `key` holds their counts, the lowest of them first. */
function highState(n: number, key: number): Int8Array {
  // Past rank 9 nothing may be open: only the (0, 0) start counts, with nothing gained.
  if (n === 0) return (highStates[0][0] ??= emptyState());
  return (highStates[n][key] ??= stepBackward(highState(n - 1, Math.floor(key / 5)), 9 - n, key % 5));
}

/** The table of a suit holding counts[r] tiles of rank r + 1. */
export function suitTable(counts: readonly number[]): Int8Array {
  const key = counts.reduceRight((k, c) => k * 5 + c, 0);
  const low = lowState(SPLIT, key % LOW_KEYS);
  const high = highState(9 - SPLIT, Math.floor(key / LOW_KEYS));
  const table = new Int8Array(TABLE_SIZE).fill(IMPOSSIBLE);
  const merged = new Int8Array(TABLE_SIZE);
  for (let a = 0; a <= MAX_SETS; a++) {
    for (let b = 0; a + b <= MAX_SETS; b++) {
      const at = (a * 5 + b) * TABLE_SIZE;
      mergeInto(low, at, high, at, merged, 0);
      for (let i = 0; i < TABLE_SIZE; i++) if (merged[i] > table[i]) table[i] = merged[i];
    }
  }
  return table;
}

/** Honours form no runs: each kind gives a triplet, a pair, or nothing. */
export function honourTable(hand: readonly number[]): Int8Array {
  let dp = new Int8Array(TABLE_SIZE).fill(IMPOSSIBLE);
  dp[0] = 0;
  for (const held of hand) {
    const next = Int8Array.from(dp);
    for (let s = 0; s <= MAX_SETS; s++) {
      for (let p = 0; p <= 1; p++) {
        const value = dp[s * 2 + p];
        if (value === IMPOSSIBLE) continue;
        if (s < MAX_SETS) {
          const at = (s + 1) * 2 + p;
          next[at] = Math.max(next[at], value + Math.min(3, held));
        }
        if (p === 0) {
          const at = s * 2 + 1;
          next[at] = Math.max(next[at], value + Math.min(2, held));
        }
      }
    }
    dp = next;
  }
  return dp;
}

