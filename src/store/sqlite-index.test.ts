/**
 * The SQLite index passes the Store contract (test-support/store-contract).
 */
import { scratchSqlite, storeContract } from '../test-support/store-contract.js';

storeContract('SQLite', scratchSqlite);
