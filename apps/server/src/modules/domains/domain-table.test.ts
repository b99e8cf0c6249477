import { describe, expect, it } from 'vitest';
import { hostName } from './domain-table.js';

describe('hostName', () => {
  it.each([
    ['live.example.com', 'live.example.com'],
    ['Live.Example.COM:443', 'live.example.com'],
    ['live.example.com.', 'live.example.com'],
    ['live.example.com.:8080', 'live.example.com'],
    ['[::1]:3000', '[::1]:3000'],
    [undefined, undefined],
    ['', undefined],
  ])('reads the Host %j as %j', (host, name) => {
    expect(hostName(host)).toBe(name);
  });
});
