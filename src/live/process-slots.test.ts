import { describe, expect, it } from 'vitest';
import { LIVE } from '../contracts/limits.js';
import { ProcessSlots, processSlots, slotSettings, type SlotTicket } from './process-slots.js';

const granted = (ticket: SlotTicket) => {
  if (!ticket.granted) throw new Error(`refused: ${ticket.reason}`);
  return ticket;
};

describe('process slots (the bounded queue in front of rg/fd)', () => {
  it('grants up to capacity at once, queues the next ones and hands freed slots over in arrival order', async () => {
    const slots = new ProcessSlots(2, 5);
    const a = granted(await slots.acquire(10_000));
    granted(await slots.acquire(10_000));
    const order: string[] = [];
    const third = slots.acquire(10_000).then((t) => { order.push('third'); return granted(t); });
    const fourth = slots.acquire(10_000).then((t) => { order.push('fourth'); return granted(t); });
    expect(slots.stats).toEqual({ running: 2, queued: 2 });
    a.release();
    a.release(); // a second release frees nothing more
    const t3 = await third;
    expect(slots.stats).toEqual({ running: 2, queued: 1 });
    t3.release();
    await fourth;
    expect(order).toEqual(['third', 'fourth']);
    expect(slots.stats).toEqual({ running: 2, queued: 0 });
  });

  it('refuses at once when the queue is full, and refuses nothing once there is room again', async () => {
    const slots = new ProcessSlots(1, 1);
    const first = granted(await slots.acquire(10_000));
    const waiting = slots.acquire(10_000);
    expect(await slots.acquire(10_000)).toMatchObject({ granted: false, reason: 'full' });
    first.release();
    granted(await waiting).release();
    granted(await slots.acquire(10_000)).release();
    expect(slots.stats).toEqual({ running: 0, queued: 0 });
  });

  it('gives up a wait that would pass the call\'s budget, leaving the queue', async () => {
    const slots = new ProcessSlots(1, 3);
    const first = granted(await slots.acquire(10_000));
    expect(await slots.acquire(30)).toMatchObject({ granted: false, reason: 'timeout' });
    expect(await slots.acquire(0)).toMatchObject({ granted: false, reason: 'timeout' });
    expect(slots.stats).toEqual({ running: 1, queued: 0 });
    first.release();
    expect(slots.stats).toEqual({ running: 0, queued: 0 });
  });

  it('lets an aborted caller leave the queue without ever taking a slot', async () => {
    const slots = new ProcessSlots(1, 3);
    const first = granted(await slots.acquire(10_000));
    const controller = new AbortController();
    const waiting = slots.acquire(10_000, controller.signal);
    const behind = slots.acquire(10_000);
    controller.abort();
    expect(await waiting).toMatchObject({ granted: false, reason: 'aborted' });
    first.release();
    granted(await behind).release();
    expect(slots.stats).toEqual({ running: 0, queued: 0 });
    const aborted = new AbortController();
    aborted.abort();
    expect(await slots.acquire(10_000, aborted.signal)).toMatchObject({ granted: false, reason: 'aborted' });
  });

  it('is one queue per process', () => {
    expect(processSlots()).toBe(processSlots());
  });

  it('takes its size from QUARRY_LIVE_PROCESSES / QUARRY_LIVE_QUEUE, kept in range; anything else gives the defaults', () => {
    const defaults = { capacity: LIVE.processSlots.default, queueMax: LIVE.processQueue.default };
    expect(slotSettings({})).toEqual(defaults);
    expect(slotSettings({ QUARRY_LIVE_PROCESSES: '2', QUARRY_LIVE_QUEUE: '0' })).toEqual({ capacity: 2, queueMax: 0 });
    expect(slotSettings({ QUARRY_LIVE_PROCESSES: '0', QUARRY_LIVE_QUEUE: '1e9' })).toEqual({ capacity: LIVE.processSlots.min, queueMax: LIVE.processQueue.max });
    expect(slotSettings({ QUARRY_LIVE_PROCESSES: 'many', QUARRY_LIVE_QUEUE: '2.5' })).toEqual(defaults);
  });
});
