import { describe, expect, it } from 'vitest';
import { withoutSelfCancelled } from './mcp-cancelled.js';

const call = (id: string | number) => ({ jsonrpc: '2.0', id, method: 'tools/call', params: { name: 'search_code', arguments: { query: 'x' } } });
const cancel = (requestId: string | number) => ({ jsonrpc: '2.0', method: 'notifications/cancelled', params: { requestId } });
const ping = (id: number) => ({ jsonrpc: '2.0', id, method: 'ping' });

describe('withoutSelfCancelled', () => {
  it.each([
    ['a call followed by its own cancel: only the cancel is left', [call(7), cancel(7)], [cancel(7)]],
    ['a cancel before the request it names', [cancel(1), ping(1)], [cancel(1)]],
    ['other requests of the batch stay', [call(7), cancel(7), ping(8)], [cancel(7), ping(8)]],
    ['a cancel of a request in another POST changes nothing', [cancel(99), ping(1)], [cancel(99), ping(1)]],
    ['ids are matched with their type: "1" is not 1', [cancel('1'), ping(1)], [cancel('1'), ping(1)]],
    ['string ids', [call('a'), cancel('a')], [cancel('a')]],
  ])('%s', (_name, body, expected) => {
    expect(withoutSelfCancelled(body)).toEqual(expected);
  });

  it('leaves single messages and malformed entries to the transport', () => {
    const single = ping(1);
    expect(withoutSelfCancelled(single)).toBe(single);
    expect(withoutSelfCancelled([null, 3, cancel(1), ping(1)])).toEqual([null, 3, cancel(1)]);
  });
});
