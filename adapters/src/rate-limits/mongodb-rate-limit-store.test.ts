import { mongoForTests } from '../testing/mongo-for-tests';
import { connectMongoRateLimitStore } from './mongodb-rate-limit-store';
import { describeRateLimitStoreConformance } from './rate-limit-store.conformance';

const mongo = mongoForTests('scrivo_rate_limits');

describeRateLimitStoreConformance(
  mongo.name,
  mongo.available ? () => connectMongoRateLimitStore({ url: mongo.url(), database: mongo.database }) : null,
  mongo.skipReason,
);
