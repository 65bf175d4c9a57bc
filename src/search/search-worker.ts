/**
 * @module search/search-worker
 * Worker process of the search pool (forked with an IPC channel): runs one
 * search job at a time against read-only connections it keeps open, and
 * sends the answer (or the failure, as data) back. The serving thread only
 * routes; if a job overruns the pool's wall-clock limit, the pool kills
 * this process and starts another.
 */
import { SEARCH_POOL } from '../contracts/limits.js';
import { normalizeSearchCodeParams } from '../contracts/search-code-params.js';
import { searchCodePage } from './search-code-service.js';
import { ReadOnlyStores, runSearchJob, toJobFailure, type SearchJob } from './search-jobs.js';

interface JobMessage { id: number; job: SearchJob }
/**
 * Sent by the pool's prestart, and after an index pass: open the index now and read ahead what its first
 * search would (Store.read's warm), so that search does not wait. The first one of a SQLite index also
 * runs the warm-up queries.
 */
interface OpenMessage { open: Pick<SearchJob, 'store' | 'root'> }

const send = process.send?.bind(process);
if (!send) throw new Error('search-worker runs only as a forked process with an IPC channel');
// One job at a time: word counts may run on a thread of their own while the job scores its page.
const stores = new ReadOnlyStores(undefined, true);

// Jobs, opens and warm-up queries take turns: interleaved, a job would share this thread with warm-up queries
// for as long as it runs; in turns it waits for an open under way and one warm-up query at most.
let turn: Promise<unknown> = Promise.resolve();
function inTurn<T>(run: () => Promise<T>): Promise<T> {
  const next = turn.then(run);
  turn = next.catch(() => undefined);
  return next;
}

let jobsReceived = 0;

/**
 * SEARCH_POOL.warmUpQueries, each in its own turn, queued only once the one before has finished, and
 * none once a job has come: that job waits for one of them at most, and a busy session's searches
 * never wait for them (they warm the code as well). Answers and failures are dropped: they are for no one.
 */
function warmUp(index: OpenMessage['open']): void {
  const queries = [...SEARCH_POOL.warmUpQueries];
  const until = performance.now() + SEARCH_POOL.warmUpMaxMs;
  const next = (): void => {
    const query = queries.shift();
    if (query === undefined || jobsReceived > 0 || performance.now() > until) return;
    inTurn(async () => {
      const store = await stores.get(index.store, index.root);
      await store.read((reader) => searchCodePage(reader, normalizeSearchCodeParams({ query }), 0));
    }).catch(() => undefined).finally(() => setImmediate(next));
  };
  setImmediate(next);
}

let warmedUp = false;
// Modules are loaded: the pool starts a job's wall clock from here on.
send({ ready: true });
process.on('message', (message: JobMessage | OpenMessage) => {
  // A failed open or read-ahead is not reported here: the first search does the same and says why.
  if ('open' in message) {
    const index = message.open;
    // Only SQLite keeps anything per connection to read ahead (PostgreSQL would spend a round trip on nothing).
    if (index.store.kind !== 'sqlite') {
      inTurn(() => stores.get(index.store, index.root)).catch(() => undefined);
      return;
    }
    inTurn(async () => (await stores.get(index.store, index.root)).read((reader) => reader.warm())).catch(() => undefined);
    if (!warmedUp) {
      warmedUp = true;
      warmUp(index);
    }
    return;
  }
  jobsReceived++;
  inTurn(() => runSearchJob(message.job, stores)).then(
    (result) => send({ id: message.id, result }),
    (error: unknown) => send({ id: message.id, failure: toJobFailure(error) }),
  );
});
// The pool went away (its process ended): nothing is left to answer.
process.on('disconnect', () => process.exit(0));
