import { RateLimiterMemory, RateLimiterMongo } from 'rate-limiter-flexible';
import { connectMongoClient } from '../read-models/mongodb-client';
import { FlexibleRateLimitStore } from './flexible-rate-limit-store';

/**
 * Production rate-limit counters in MongoDB, shared by every API replica. Should MongoDB fail, each replica falls
 * back to counting in memory (the library's insurance limiter) rather than refusing every sign-in.
 */
export const connectMongoRateLimitStore = async (options: {
  url: string;
  database: string;
}): Promise<FlexibleRateLimitStore> => {
  const client = await connectMongoClient(options.url);
  return new FlexibleRateLimitStore(
    ({ keyPrefix, points, duration }) =>
      new RateLimiterMongo({
        storeClient: client,
        dbName: options.database,
        tableName: 'rate_limits',
        keyPrefix,
        points,
        duration,
        insuranceLimiter: new RateLimiterMemory({ keyPrefix, points, duration }),
      }),
    () => client.close(),
  );
};
