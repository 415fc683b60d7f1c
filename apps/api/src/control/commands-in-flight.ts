import mongoose from 'mongoose';

/** The commands the driver has sent and not yet seen answered, per database (control/sessions.ts drops). */
export interface CommandsInFlight {
  /** Settles once no command on `database` is in flight, or after `timeoutMs` (a command that never ends). */
  settled(database: string, timeoutMs: number): Promise<void>;
  close(): void;
}

const POLL_MS = 20;

/**
 * Counts the commands in flight per database through the driver's command monitoring (on in the mock mode:
 * shared/db.ts `monitorCommands`; without it nothing is seen and {@link CommandsInFlight.settled} does not wait).
 * A session database is dropped only once nothing of this process runs on it: FerretDB v1.24 dies dropping a
 * database a statement still reads (control/empty-database.ts says how).
 */
export function createCommandsInFlight(
  client = mongoose.connection.getClient() as mongoose.mongo.MongoClient | undefined,
): CommandsInFlight {
  const running = new Map<number, string>();
  const started = (event: mongoose.mongo.CommandStartedEvent): void => {
    running.set(event.requestId, event.databaseName);
  };
  const ended = (event: mongoose.mongo.CommandSucceededEvent | mongoose.mongo.CommandFailedEvent): void => {
    running.delete(event.requestId);
  };
  client?.on('commandStarted', started);
  client?.on('commandSucceeded', ended);
  client?.on('commandFailed', ended);
  const busy = (database: string): boolean => [...running.values()].includes(database);
  return {
    async settled(database, timeoutMs) {
      const deadline = Date.now() + timeoutMs;
      while (busy(database) && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, POLL_MS));
    },
    close() {
      client?.off('commandStarted', started);
      client?.off('commandSucceeded', ended);
      client?.off('commandFailed', ended);
      running.clear();
    },
  };
}
