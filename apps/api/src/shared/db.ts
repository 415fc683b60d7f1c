import mongoose from 'mongoose';

/** Connects the default mongoose connection; used by main.ts, the seed CLI and the test setup. */
export async function connectDatabase(uri: string, dbName: string): Promise<typeof mongoose> {
  mongoose.set('strictQuery', true);
  // Indexes are declared on the models and built at start; FerretDB and MongoDB both support them.
  return mongoose.connect(uri, { dbName, serverSelectionTimeoutMS: 10_000, autoIndex: true });
}

export async function disconnectDatabase(): Promise<void> {
  await mongoose.disconnect();
}

export type ConnectionState = 'connected' | 'connecting' | 'disconnected' | 'disconnecting' | 'uninitialized';

export function connectionState(): ConnectionState {
  switch (mongoose.connection.readyState) {
    case mongoose.ConnectionStates.connected:
      return 'connected';
    case mongoose.ConnectionStates.connecting:
      return 'connecting';
    case mongoose.ConnectionStates.disconnecting:
      return 'disconnecting';
    case mongoose.ConnectionStates.disconnected:
      return 'disconnected';
    default:
      return 'uninitialized';
  }
}
