/**
 * @module test-support/shared-data
 * The one place that asks whether ../shared (the full SÚKL data and the contract
 * documents, beside the project in CI) is present. A fresh clone has no
 * ../shared: tests that need it are skipped with a reason naming what is
 * absent; everything else runs on the committed fixtures.
 */
import fs from 'node:fs';
import path from 'node:path';
import { PROJECT_ROOT } from './cli.js';

export const SHARED_ROOT = path.resolve(PROJECT_ROOT, '../shared');

export interface SharedPart {
  /** Absolute path of the part, e.g. ../shared/data/sukl. */
  path: string;
  present: boolean;
  /** For a describe/it title: "needs ../shared/data/sukl", with "(absent)" when it is missing. */
  reason: string;
}

/** A part of ../shared (a folder or file, relative to it), whether it exists, and the skip reason. */
export function sharedPart(relative: string): SharedPart {
  const full = path.join(SHARED_ROOT, relative);
  const present = fs.existsSync(full);
  return { path: full, present, reason: `needs ../shared/${relative}${present ? '' : ' (absent)'}` };
}
