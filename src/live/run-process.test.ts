import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { makeTree } from '../test-support/temp-tree.js';
import { ProcessSlots } from './process-slots.js';
import { runProcess, type RunOptions } from './run-process.js';

const node = process.execPath;

describe('process runner', () => {
  it('splits stdout into records and reports the exit code', async () => {
    const records: string[] = [];
    const outcome = await runProcess({
      command: node, args: ['-e', 'process.stdout.write("a\\0b\\0c"); process.exit(3)'], timeoutMs: 10_000, separator: '\0',
      onRecord: (r) => { records.push(r); },
    });
    expect(records).toEqual(['a', 'b', 'c']);
    expect(outcome).toMatchObject({ code: 3, timedOut: false, outputCapped: false, stopped: false });
  });

  it('kills a process past its timeout', async () => {
    const started = Date.now();
    const outcome = await runProcess({ command: node, args: ['-e', 'setTimeout(() => {}, 60_000)'], timeoutMs: 200, separator: '\n', onRecord: () => {} });
    expect(outcome.timedOut).toBe(true);
    expect(outcome.signal).toBe('SIGKILL');
    expect(Date.now() - started).toBeLessThan(5000);
  });

  it('stops reading and kills the process past the output cap', async () => {
    let seen = 0;
    const outcome = await runProcess({
      command: node, args: ['-e', 'const line = "x".repeat(1000) + "\\n"; setInterval(() => process.stdout.write(line.repeat(100)), 1)'],
      timeoutMs: 20_000, separator: '\n', maxOutputBytes: 1_000_000, onRecord: () => { seen++; },
    });
    expect(outcome.outputCapped).toBe(true);
    expect(outcome.timedOut).toBe(false);
    expect(seen).toBeLessThanOrEqual(1000);
  });

  it('stops when the consumer has enough', async () => {
    const records: string[] = [];
    const outcome = await runProcess({
      command: node, args: ['-e', 'setInterval(() => console.log("r"), 1)'], timeoutMs: 20_000, separator: '\n',
      onRecord: (r) => { records.push(r); return records.length < 3; },
    });
    expect(outcome.stopped).toBe(true);
    expect(records).toHaveLength(3);
  });

  it('fails the run, without crashing, when a record cannot be read', async () => {
    await expect(runProcess({
      command: node, args: ['-e', 'console.log("not json")'], timeoutMs: 10_000, separator: '\n',
      onRecord: (r) => { JSON.parse(r); },
    })).rejects.toThrow(SyntaxError);
  });

  it('refuses a run at once when its queue is full; slots: null runs outside any queue', async () => {
    const slots = new ProcessSlots(1, 0);
    const controller = new AbortController();
    const holding = runProcess({ ...sleeper(), slots, signal: controller.signal, onRecord: () => {} });
    await until(() => slots.stats.running === 1);
    const refused = await runProcess({ command: node, args: ['-e', ''], timeoutMs: 10_000, separator: '\n', slots, onRecord: () => {} });
    expect(refused).toMatchObject({ queueFull: true, code: null });
    const unqueued = await runProcess({ command: node, args: ['-e', ''], timeoutMs: 10_000, separator: '\n', slots: null, onRecord: () => {} });
    expect(unqueued.code).toBe(0);
    controller.abort();
    await holding;
  });
});

/** A node child that says "ready" once it is running, then waits for a minute. */
function sleeper(ignoreTerm = false): Omit<RunOptions, 'onRecord'> {
  const body = `${ignoreTerm ? 'process.on("SIGTERM", () => {});' : ''} console.log("ready"); setInterval(() => {}, 60_000)`;
  return { command: node, args: ['-e', body], timeoutMs: 60_000, separator: '\n' };
}

async function until(check: () => boolean): Promise<void> {
  while (!check()) await new Promise((r) => setTimeout(r, 5));
}

/** A node child that leaves a marker file, so a test can tell whether it was ever spawned. */
function marker(file: string): Pick<RunOptions, 'command' | 'args'> {
  return { command: node, args: ['-e', `require("fs").writeFileSync(${JSON.stringify(file)}, "ran")`] };
}

describe('process runner: cancellation and the queue', () => {
  it('kills a running process when its signal aborts, and frees its slot', async () => {
    const slots = new ProcessSlots(1, 1);
    const controller = new AbortController();
    const outcome = await runProcess({ ...sleeper(), slots, signal: controller.signal, onRecord: () => { controller.abort(); } });
    expect(outcome).toMatchObject({ cancelled: true, timedOut: false, signal: 'SIGTERM' });
    expect(slots.stats).toEqual({ running: 0, queued: 0 });
  });

  it('follows SIGTERM with SIGKILL when the process ignores it', async () => {
    const controller = new AbortController();
    const outcome = await runProcess({ ...sleeper(true), slots: new ProcessSlots(1, 0), signal: controller.signal, onRecord: () => { controller.abort(); } });
    expect(outcome).toMatchObject({ cancelled: true, signal: 'SIGKILL' });
  });

  it('never spawns a queued run whose call is aborted, and lets the next one through', async () => {
    const dir = makeTree();
    const slots = new ProcessSlots(1, 2);
    const holder = new AbortController();
    const holding = runProcess({ ...sleeper(), slots, signal: holder.signal, onRecord: () => {} });
    await until(() => slots.stats.running === 1);
    const cancelled = new AbortController();
    const queued = runProcess({ ...marker(path.join(dir, 'a')), timeoutMs: 60_000, separator: '\n', slots, signal: cancelled.signal, onRecord: () => {} });
    const next = runProcess({ ...marker(path.join(dir, 'b')), timeoutMs: 60_000, separator: '\n', slots, onRecord: () => {} });
    expect(slots.stats.queued).toBe(2);
    cancelled.abort();
    expect(await queued).toMatchObject({ cancelled: true, code: null });
    expect(slots.stats.queued).toBe(1);
    holder.abort();
    await holding;
    expect((await next).code).toBe(0);
    expect(fs.existsSync(path.join(dir, 'a'))).toBe(false);
    expect(fs.readFileSync(path.join(dir, 'b'), 'utf8')).toBe('ran');
  });

  it('counts the wait for a slot against the timeout: a wait past it is a timeout, and nothing is spawned', async () => {
    const dir = makeTree();
    const slots = new ProcessSlots(1, 1);
    const holder = new AbortController();
    const holding = runProcess({ ...sleeper(), slots, signal: holder.signal, onRecord: () => {} });
    await until(() => slots.stats.running === 1);
    const late = await runProcess({ ...marker(path.join(dir, 'late')), timeoutMs: 100, separator: '\n', slots, onRecord: () => {} });
    expect(late).toMatchObject({ timedOut: true, cancelled: false, queueFull: false, code: null });
    expect(fs.existsSync(path.join(dir, 'late'))).toBe(false);
    holder.abort();
    await holding;
  });
});
