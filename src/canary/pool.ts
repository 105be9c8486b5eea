import pLimit from 'p-limit';

/**
 * Runs `task` over `items` with at most `jobs` running at once (p-limit); results keep the input
 * order. A task that throws rejects the whole pool (tasks are expected to turn failures into
 * data). Once `signal` aborts no further task starts: the ones running finish (they watch the
 * signal themselves) and the items never started are `undefined` in the results.
 */
export async function mapPool<T, R>(
  items: readonly T[],
  jobs: number,
  task: (item: T, index: number) => Promise<R>,
  signal?: AbortSignal,
): Promise<Array<R | undefined>> {
  const limit = pLimit(Math.max(1, jobs));
  return Promise.all(
    items.map((item, index) => limit(async () => (signal?.aborted ? undefined : task(item, index)))),
  );
}
