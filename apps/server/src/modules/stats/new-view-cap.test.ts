import { describe, expect, it } from 'vitest';
import { NEW_VIEWS_WINDOW_MS, NewViewCap } from './new-view-cap.js';

const admitted = (cap: NewViewCap, eventId: string, ip: string, atMs: number, times: number) =>
  Array.from({ length: times }, () => cap.admit(eventId, ip, atMs)).filter(Boolean).length;

describe('the cap of new page views per address', () => {
  it('counts per event and address, an IPv6 /64 as one address, afresh in each window', () => {
    const cap = new NewViewCap(3);
    const at = 10 * NEW_VIEWS_WINDOW_MS;
    expect(admitted(cap, 'a', '203.0.113.1', at, 5)).toBe(3);
    expect(admitted(cap, 'a', '::ffff:203.0.113.1', at, 1)).toBe(0);
    expect(admitted(cap, 'b', '203.0.113.1', at, 5)).toBe(3);
    expect(admitted(cap, 'a', '203.0.113.2', at, 1)).toBe(1);
    expect(admitted(cap, 'a', '2001:db8:1:2::1', at, 2)).toBe(2);
    expect(admitted(cap, 'a', '2001:db8:1:2:ffff::9', at, 2)).toBe(1);
    expect(admitted(cap, 'a', '2001:db8:1:3::1', at, 1)).toBe(1);
    expect(admitted(cap, 'a', '203.0.113.1', at + NEW_VIEWS_WINDOW_MS - 1, 1)).toBe(0);
    expect(admitted(cap, 'a', '203.0.113.1', at + NEW_VIEWS_WINDOW_MS, 5)).toBe(3);
  });
});
