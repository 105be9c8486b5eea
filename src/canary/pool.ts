/**
 * Runs `task` over `items` with at most `jobs` running at once; results keep the input order.
 * A task that throws rejects the whole pool (tasks are expected to turn failures into data).
 * Once `signal` aborts no further task starts: the ones running finish (they watch the signal
 * themselves) and the items never started are `undefined` in the results.
 */
export async function mapPool<T, R>(
  items: readonly T[],
  jobs: number,
  task: (item: T, index: number) => Promise<R>,
  signal?: AbortSignal,
): Promise<Array<R | undefined>> {
  const results = new Array<R | undefined>(items.length).fill(undefined);
  let next = 0;
  const worker = async (): Promise<void> => {
    while (next < items.length && !signal?.aborted) {
      const index = next++;
      results[index] = await task(items[index]!, index);
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(jobs, items.length)) }, worker));
  return results;
}
