// Issue 45 diagnostic: FerretDB v1 on SQLite scans for every query but one by _id: a recordings-like collection of
// 50, 150 and 300 documents, timed for find by owner, count, the search $or and get. Run as fdb.ts.
import { MongoClient } from 'mongodb';
import { serverBinary, startFerretDb } from '@scrivo/adapters/testing/real-servers';
const main = async () => {
  const mongo = await startFerretDb(serverBinary('ferretdb')!);
  const client = new MongoClient(mongo.url);
  await client.connect();
  const db = client.db('x');
  for (const n of [50, 150, 300]) {
    const docs = db.collection<{ _id: string }>(`recs${n}`);
    await docs.insertMany(
      Array.from({ length: n }, (_, i) => ({
        _id: `r${i}`,
        ownerId: `u${i % 20}`,
        deletedAt: null,
        createdAt: new Date(i * 1000).toISOString(),
        title: `Recording ${i}`,
        status: 'completed',
        durationSeconds: 12.5,
        sizeBytes: 400000,
        mimeType: 'audio/wav',
        originalFilename: 'clip.wav',
        blobKey: `k${i}`,
        mediaKind: 'audio',
        jobId: `j${i}`,
        language: 'en',
        searchText: 'and so my fellow americans ask not what your country can do for you '.repeat(12),
        pieces: null,
        workspaceId: null,
        uploadId: null,
        error: null,
        minutes: 1,
      })),
    );
    let t = Date.now();
    for (let i = 0; i < 40; i++)
      await docs
        .find({ $and: [{ ownerId: 'u3' }, { deletedAt: null }] })
        .sort({ createdAt: -1, _id: 1 })
        .limit(20)
        .toArray();
    const find = (Date.now() - t) / 40;
    t = Date.now();
    for (let i = 0; i < 40; i++)
      await docs.countDocuments({ $and: [{ ownerId: 'u3' }, { deletedAt: null }] });
    const count = (Date.now() - t) / 40;
    t = Date.now();
    for (let i = 0; i < 40; i++)
      await docs
        .find({
          $or: [
            { ownerId: 'u3', title: { $regex: 'the', $options: 'i' } },
            { ownerId: 'u3', searchText: { $regex: 'the', $options: 'i' } },
          ],
        })
        .sort({ createdAt: -1, _id: 1 })
        .limit(20)
        .toArray();
    const search = (Date.now() - t) / 40;
    t = Date.now();
    for (let i = 0; i < 40; i++) await docs.findOne({ _id: `r${i}` });
    const get = (Date.now() - t) / 40;
    console.log(
      `${n} docs (~${JSON.stringify(await docs.findOne({})).length} B): find by owner ${find} ms, count ${count} ms, search ${search} ms, get ${get} ms`,
    );
  }
  await client.close();
  await mongo.stop();
};
main();
