/** The bounds of the header `n m k` (players, rounds, pile cards). */
export const LIMITS = { n: 30, m: 100, k: 300_000 } as const;
