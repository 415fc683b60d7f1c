/**
 * Runs the tasks given for one key one after another (tasks of different keys still run concurrently).
 *
 * Why: FerretDB v1.24 (SQLite) applies an update as read, modify, write without isolating concurrent updates of
 * one document: 40 concurrent `$inc` of 1 on one document left it at 10 (measured here). Counters this process
 * updates (sign-in limits) go through one chain per document, so a burst of requests from one client cannot
 * lose counts. On MongoDB each `$inc` is atomic anyway, and across processes the deployments use MongoDB.
 */
export type KeyedSerial = <T>(key: string, task: () => Promise<T>) => Promise<T>;

export function createKeyedSerial(): KeyedSerial {
  const tails = new Map<string, Promise<unknown>>();
  return (key, task) => {
    const previous = tails.get(key) ?? Promise.resolve();
    const result = previous.then(task, task);
    const tail = result.catch(() => undefined);
    tails.set(key, tail);
    // Forget the key once its last task has settled, so the map holds only keys with work in flight.
    void tail.then(() => {
      if (tails.get(key) === tail) tails.delete(key);
    });
    return result;
  };
}
