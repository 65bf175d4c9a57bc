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
// Buffers this large have an ArrayBuffer of their own (Buffer's pool holds only small ones): they can be moved.
const moved = [shard.blocks.buffer, shard.chunks.buffer, ...(shard.postings ? [shard.postings.buffer] : []), ...(shard.words ? [shard.words.buffer] : [])];
port.postMessage(shard, moved as ArrayBuffer[]);
