/**
 * Runs the tasks given for one key one after another (tasks of different keys still run concurrently).
 *
 * Why: FerretDB v1.24 (SQLite) applies an update as read, modify, write without isolating concurrent updates of
 * one document, so `$inc` is not atomic there. Measured against the FerretDB the tests run (three trials each):
 * 40 concurrent `updateOne` `$inc` of 1 on one document left it at 13, 3 and 6; 40 `findOneAndUpdate` at 1, 1
 * and 3; 40 spread over four connections (as from four processes) at 13, 3 and 1. Counters this process updates
 * (sign-in limits, failed sign-ins) go through one chain per document, so a burst from one client cannot lose
 * counts. Across processes nothing here can order the updates: the deployments that run several API processes
 * (docker-compose.yml) run MongoDB, where each `$inc` is atomic.
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
