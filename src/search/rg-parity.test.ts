/**
 * Exact and regex search over a SQLite index equal ripgrep (test-support/rg-parity-contract).
 */
import { rgParityContract } from '../test-support/rg-parity-contract.js';
import { scratchSqlite } from '../test-support/store-contract.js';

rgParityContract('SQLite', scratchSqlite);
