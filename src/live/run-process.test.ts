import { describe, expect, it } from 'vitest';
import { runProcess } from './run-process.js';

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
});
