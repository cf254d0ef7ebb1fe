import { MongoClient, type MongoClientOptions } from 'mongodb';

/**
 * How long a call waits for a reachable MongoDB server before it fails. The driver's own 30 s held every request
 * for half a minute before its 503 while the server was down (issue 45); 5 s is longer than a replica set's
 * election takes, so a failover still goes unnoticed by the caller.
 */
export const SERVER_SELECTION_TIMEOUT_MS = 5_000;

/** A connected client for the production adapters, with Scrivo's defaults under the caller's own options. */
export const connectMongoClient = (url: string, options: MongoClientOptions = {}): Promise<MongoClient> =>
  new MongoClient(url, { serverSelectionTimeoutMS: SERVER_SELECTION_TIMEOUT_MS, ...options }).connect();
