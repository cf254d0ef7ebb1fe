// Issue 45 diagnostic: the cost of a checkpoint write, a findOne by _id, a find with $in, and a filtered find on
// one FerretDB (v1, SQLite). Run: node --conditions=source --import tsx bench/load/diag/fdb.ts
import { MongoClient } from 'mongodb';
import { serverBinary, startFerretDb } from '@scrivo/adapters/testing/real-servers';
const main = async () => {
  const mongo = await startFerretDb(serverBinary('ferretdb')!);
  const client = new MongoClient(mongo.url);
  await client.connect();
  const db = client.db('x');
  const cp = db.collection<{ _id: string; position: number }>('_checkpoints');
  for (let i = 0; i < 30; i++)
    await cp.updateOne({ _id: `p${i}` }, { $set: { position: 0 } }, { upsert: true });
  let t = Date.now();
  for (let i = 0; i < 200; i++)
    await cp.updateOne({ _id: `p${i % 30}` }, { $set: { position: i } }, { upsert: true });
  console.log('serial updateOne ms/op', (Date.now() - t) / 200);
  t = Date.now();
  await Promise.all(
    Array.from({ length: 200 }, (_, i) =>
      cp.updateOne({ _id: `p${i % 30}` }, { $set: { position: i } }, { upsert: true }),
    ),
  );
  console.log('parallel 200 updateOne total ms', Date.now() - t);
  t = Date.now();
  for (let i = 0; i < 200; i++) await cp.findOne({ _id: `p${i % 30}` });
  console.log('serial findOne ms/op', (Date.now() - t) / 200);
  t = Date.now();
  for (let i = 0; i < 100; i++)
    await cp.find({ _id: { $in: Array.from({ length: 30 }, (_, k) => `p${k}`) } }).toArray();
  console.log('find $in 30 ms/op', (Date.now() - t) / 100);
  const docs = db.collection<{ _id: string; owner: string; text: string }>('recs');
  await docs.insertMany(
    Array.from({ length: 300 }, (_, i) => ({
      _id: `r${i}`,
      owner: `u${i % 20}`,
      text: 'word '.repeat(2000),
    })),
  );
  t = Date.now();
  for (let i = 0; i < 50; i++) await docs.find({ owner: 'u3' }).limit(20).toArray();
  console.log('find by owner over 300 docs of 10 KB ms/op', (Date.now() - t) / 50);
  await docs.createIndex({ owner: 1 });
  t = Date.now();
  for (let i = 0; i < 50; i++) await docs.find({ owner: 'u3' }).limit(20).toArray();
  console.log('same with index ms/op', (Date.now() - t) / 50);
  t = Date.now();
  for (let i = 0; i < 50; i++)
    await docs
      .find({ owner: 'u3' }, { projection: { text: 0 } })
      .limit(20)
      .toArray();
  console.log('same, projection without text ms/op', (Date.now() - t) / 50);
  await client.close();
  await mongo.stop();
};
main();
