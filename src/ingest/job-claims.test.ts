import { describe, expect, it } from 'vitest';
import { claimJob, claimRing, offerJob } from './job-claims.js';

describe('claims on queued prepare jobs', () => {
  it('give each offered job to exactly one claimant', () => {
    const claims = claimRing(4);
    offerJob(claims, 0);
    offerJob(claims, 1);
    expect(claimJob(claims, 1)).toBe(true);
    expect(claimJob(claims, 1)).toBe(false);
    expect(claimJob(claims, 0)).toBe(true);
    expect(claimJob(claims, 2)).toBe(false); // never offered
  });

  it('refuse a job whose slot has been offered again to a later job, so a worker skips a message the indexing thread took long ago', () => {
    const claims = claimRing(4);
    offerJob(claims, 3);
    expect(claimJob(claims, 3)).toBe(true); // taken by the indexing thread
    offerJob(claims, 3 + claims.length); // the same slot, a later job
    expect(claimJob(claims, 3)).toBe(false);
    expect(claimJob(claims, 3 + claims.length)).toBe(true);
  });

  it('work for job numbers past what an Int32 holds', () => {
    const claims = claimRing(4);
    const id = 2 ** 31 + 5;
    offerJob(claims, id);
    expect(claimJob(claims, id)).toBe(true);
    expect(claimJob(claims, id)).toBe(false);
  });
});
