/**
 * Runs `task` over `items` with at most `jobs` running at once; results keep the input order.
 * A task that throws rejects the whole pool (tasks are expected to turn failures into data).
 */
export async function mapPool<T, R>(
  items: readonly T[],
  jobs: number,
  task: (item: T, index: number) => Promise<R>,
): Promise<R[]> {
  const results = new Array<R>(items.length);
  let next = 0;
  const worker = async (): Promise<void> => {
    while (next < items.length) {
      const index = next++;
      results[index] = await task(items[index]!, index);
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(jobs, items.length)) }, worker));
  return results;
}
