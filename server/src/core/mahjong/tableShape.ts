/**
 * The shape of a group table (see distance.ts): the best overlap for each number of sets
 * (0..MAX_SETS) and pairs (0..1), at index sets * 2 + pairs. Shared by the tables, their merge
 * and the script that generates the merge.
 */
export const MAX_SETS = 4;
export const TABLE_SIZE = (MAX_SETS + 1) * 2;
/**
 * An entry no hand can reach. Sums of it with real overlaps (at most 14 in all) stay negative,
 * and two of them still fit an Int8, so merges need no branches.
 */
export const IMPOSSIBLE = -50;
