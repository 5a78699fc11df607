/** `work` on every item, at most `limit` at once, results in order. */
export async function mapConcurrently<T, R>(
  items: readonly T[],
  limit: number,
  work: (item: T, index: number) => Promise<R>,
): Promise<R[]> {
  const results = new Array<R>(items.length);
  let next = 0;
  const slot = async (): Promise<void> => {
    while (next < items.length) {
      const index = next++;
      results[index] = await work(items[index]!, index);
    }
  };
  const slots = Math.max(1, Math.min(limit, items.length));
  const settled = await Promise.allSettled(Array.from({ length: slots }, slot));
  const failed = settled.find((outcome) => outcome.status === 'rejected');
  if (failed) throw (failed as PromiseRejectedResult).reason;
  return results;
}
