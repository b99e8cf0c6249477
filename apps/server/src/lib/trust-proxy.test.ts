import type { IncomingMessage } from 'node:http';
import { describe, expect, it } from 'vitest';
import { rawRequestFacts, toFastifyTrustProxy } from './trust-proxy.js';

function request(from: string, forwardedFor?: string): IncomingMessage {
  return {
    headers: forwardedFor ? { 'x-forwarded-for': forwardedFor } : {},
    socket: { remoteAddress: from },
  } as unknown as IncomingMessage;
}

describe('the client address before Fastify, as request.ip reads it', () => {
  it('is the socket without a trusted proxy, whatever X-Forwarded-For says', () => {
    const facts = rawRequestFacts(toFastifyTrustProxy(false));
    expect(facts.clientAddress(request('192.0.2.1', '203.0.113.9'))).toBe('192.0.2.1');
  });

  it('is the address a trusted proxy names, never one an untrusted hop added', () => {
    const facts = rawRequestFacts(toFastifyTrustProxy(['10.0.0.0/8']));
    expect(facts.clientAddress(request('10.1.2.3', '203.0.113.9'))).toBe('203.0.113.9');
    // The client forged the first entry; the proxy appended the address it saw.
    expect(facts.clientAddress(request('10.1.2.3', '198.51.100.1, 203.0.113.9'))).toBe(
      '203.0.113.9',
    );
    expect(facts.clientAddress(request('192.0.2.1', '203.0.113.9'))).toBe('192.0.2.1');
  });

  it('counts hops from the socket for a numeric TRUST_PROXY', () => {
    const facts = rawRequestFacts(toFastifyTrustProxy(1));
    expect(facts.clientAddress(request('192.0.2.1', '198.51.100.1, 203.0.113.9'))).toBe(
      '203.0.113.9',
    );
  });
});
