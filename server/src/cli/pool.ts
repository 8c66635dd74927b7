/** Runs async work with bounded concurrency and hands results over in input order. */
export async function mapInOrder<T, R>(
  items: readonly T[],
  concurrency: number,
  work: (item: T, index: number) => Promise<R>,
  emit: (result: R, index: number) => void,
): Promise<R[]> {
  const results: R[] = new Array(items.length);
  const done: boolean[] = new Array(items.length).fill(false);
  let next = 0;
  let emitted = 0;
  const lane = async () => {
    while (next < items.length) {
      const index = next++;
      results[index] = await work(items[index], index);
      done[index] = true;
      while (emitted < items.length && done[emitted]) emit(results[emitted], emitted++);
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(concurrency, items.length)) }, lane));
  return results;
}
