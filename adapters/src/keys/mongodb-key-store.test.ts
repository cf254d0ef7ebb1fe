import { mongoForTests } from '../testing/mongo-for-tests';
import { describeKeyStoreConformance } from './key-store.conformance';
import { MongoKeyStore } from './mongodb-key-store';

const mongo = mongoForTests('scrivo_keys');

describeKeyStoreConformance(
  mongo.name,
  mongo.available ? () => MongoKeyStore.connect({ url: mongo.url(), database: mongo.database }) : null,
  mongo.skipReason,
);
