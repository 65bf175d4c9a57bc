/**
 * @module search/search-worker
 * Worker process of the search pool (forked with an IPC channel): runs one
 * search job at a time against read-only connections it keeps open, and
 * sends the answer (or the failure, as data) back. The serving thread only
 * routes; if a job overruns the pool's wall-clock limit, the pool kills
 * this process and starts another.
 */
import { ReadOnlyStores, runSearchJob, toJobFailure, type SearchJob } from './search-jobs.js';

interface JobMessage { id: number; job: SearchJob }
/** Sent by the pool's prestart, and after an index pass: open the index now and read ahead what its first search would (Store.read's warm), so that search does not wait. */
interface OpenMessage { open: Pick<SearchJob, 'store' | 'root'> }

const send = process.send?.bind(process);
if (!send) throw new Error('search-worker runs only as a forked process with an IPC channel');
// One job at a time: word counts may run on a thread of their own while the job scores its page.
const stores = new ReadOnlyStores(undefined, true);
// Modules are loaded: the pool starts a job's wall clock from here on.
send({ ready: true });
process.on('message', (message: JobMessage | OpenMessage) => {
  // A failed open or read-ahead is not reported here: the first search does the same and says why.
  if ('open' in message) {
    // Only SQLite keeps anything per connection to read ahead (PostgreSQL would spend a round trip on nothing).
    stores.get(message.open.store, message.open.root)
      .then((store) => (store.kind === 'sqlite' ? store.read((reader) => reader.warm()) : undefined))
      .catch(() => undefined);
    return;
  }
  runSearchJob(message.job, stores).then(
    (result) => send({ id: message.id, result }),
    (error: unknown) => send({ id: message.id, failure: toJobFailure(error) }),
  );
});
// The pool went away (its process ended): nothing is left to answer.
process.on('disconnect', () => process.exit(0));
