/**
 * @module ingest/first-stage-worker
 * Worker thread of the first stage: builds the shards (store/first-stage/first-stage-shard)
 * of the files it is given and posts each back as it is finished, its memory
 * moved, not copied; then posts `null`.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { buildShards, type ShardFile, type StagePart } from '../store/first-stage/first-stage-shard.js';

const port = parentPort;
if (!port) throw new Error('first-stage-worker runs only as a worker thread');
const { part, files } = workerData as { part: StagePart; files: ShardFile[] };
buildShards(part, files, (shard) => {
  // Buffers this large have an ArrayBuffer of their own (Buffer's pool holds only small ones): they can be moved.
  const moved = [shard.blocks.buffer, shard.chunks.buffer, ...(shard.postings ? [shard.postings.buffer] : []), ...(shard.words ? [shard.words.buffer] : [])];
  port.postMessage(shard, moved as ArrayBuffer[]);
});
port.postMessage(null);
