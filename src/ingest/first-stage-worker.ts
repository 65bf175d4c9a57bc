/**
 * @module ingest/first-stage-worker
 * Worker thread of the first stage: builds one shard (ingest/first-stage-shard)
 * of the files it is given and posts it back, its postings' memory moved, not
 * copied.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { buildShard, nativeGrams, type ShardFile } from './first-stage-shard.js';

const port = parentPort;
if (!port) throw new Error('first-stage-worker runs only as a worker thread');
if (!nativeGrams) throw new Error('native/quarry_grams.c is not built');
const shard = buildShard(nativeGrams, (workerData as { files: ShardFile[] }).files);
// A buffer this large has an ArrayBuffer of its own (Buffer's pool holds only small ones): it can be moved.
port.postMessage(shard, shard.postings ? [shard.postings.buffer as ArrayBuffer] : []);
