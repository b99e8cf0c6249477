import { randomInt } from 'node:crypto';
import { createSocket } from 'node:dgram';
import { connect, isIPv6 } from 'node:net';
import dnsPacket, { type DecodedPacket, type RecordType } from 'dns-packet';

/** A DNS server: an address and a port. */
export interface DnsServer {
  address: string;
  port: number;
}

/** Why one exchange with one server gave no answer: no reply in time, or the question was cancelled. */
export class DnsExchangeError extends Error {
  constructor(readonly code: 'ETIMEOUT' | 'ECANCELLED' | 'EBADRESP') {
    super(code);
    this.name = 'DnsExchangeError';
  }
}

/** A response as decoded, with the response code dns-packet reads but does not type. */
export type DnsResponse = DecodedPacket & { rcode?: string };

/**
 * `address`, `address:port`, `[IPv6]` or `[IPv6]:port` (DNS_SERVERS and `dns.getServers()`);
 * port 53 when none is given.
 */
export function parseDnsServer(text: string): DnsServer {
  const bracketed = /^\[([^\]]+)\](?::(\d+))?$/.exec(text);
  if (bracketed) return { address: bracketed[1]!, port: Number(bracketed[2] ?? 53) };
  if (isIPv6(text)) return { address: text, port: 53 };
  const [address = text, port] = text.split(':');
  return { address, port: Number(port ?? 53) };
}

/**
 * One question to one server, recursion desired: over UDP, and again over TCP when the answer
 * was truncated (long TXT sets). Only a reply with the question's id and the same question counts.
 */
export async function exchange(
  server: DnsServer,
  name: string,
  type: RecordType,
  timeoutMs: number,
  signal: AbortSignal,
): Promise<DnsResponse> {
  const id = randomInt(0x10000);
  const query: dnsPacket.Packet = {
    type: 'query',
    id,
    flags: dnsPacket.RECURSION_DESIRED,
    questions: [{ type, name, class: 'IN' }],
  };
  const attempt: Attempt = {
    server,
    timeoutMs,
    signal,
    matches: (response) =>
      response.id === id &&
      response.type === 'response' &&
      response.questions?.length === 1 &&
      response.questions[0]!.type === type &&
      response.questions[0]!.name.toLowerCase() === name.toLowerCase(),
  };
  const udp = await overUdp(attempt, dnsPacket.encode(query));
  if (!udp.flag_tc) return udp;
  return overTcp(attempt, dnsPacket.streamEncode(query));
}

/** One exchange: where to, which reply counts, and how long to wait for it. */
interface Attempt {
  server: DnsServer;
  matches: (response: DnsResponse) => boolean;
  timeoutMs: number;
  signal: AbortSignal;
}

function overUdp(attempt: Attempt, message: Buffer): Promise<DnsResponse> {
  const { server, matches } = attempt;
  const socket = createSocket(isIPv6(server.address) ? 'udp6' : 'udp4');
  return settle(
    attempt,
    () => socket.close(),
    (resolve, reject) => {
      socket.on('error', reject);
      socket.on('message', (reply, remote) => {
        if (remote.port !== server.port) return;
        const response = decode(reply);
        if (response && matches(response)) resolve(response);
      });
      socket.send(message, server.port, server.address);
    },
  );
}

function overTcp(attempt: Attempt, message: Buffer): Promise<DnsResponse> {
  const { server, matches } = attempt;
  const socket = connect({ host: server.address, port: server.port });
  return settle(
    attempt,
    () => socket.destroy(),
    (resolve, reject) => {
      let received = Buffer.alloc(0);
      socket.on('error', reject);
      socket.on('data', (chunk) => {
        received = Buffer.concat([received, chunk]);
        // Each message on the stream is prefixed with its length (RFC 1035 section 4.2.2).
        if (received.length < 2 || received.length < 2 + received.readUInt16BE(0)) return;
        const response = decode(received.subarray(2, 2 + received.readUInt16BE(0)));
        if (response && matches(response)) resolve(response);
        else reject(new DnsExchangeError('EBADRESP'));
      });
      socket.write(message);
    },
  );
}

function decode(message: Buffer): DnsResponse | undefined {
  try {
    return dnsPacket.decode(message) as DnsResponse;
  } catch {
    return undefined;
  }
}

/** Runs `start` until it settles, the attempt's time is up or its signal aborts; then `cleanup`. */
function settle<T>(
  { timeoutMs, signal }: Attempt,
  cleanup: () => void,
  start: (resolve: (value: T) => void, reject: (error: unknown) => void) => void,
): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    // The timeout waits for the next poll phase: when the event loop was busy past it, a reply
    // that arrived meanwhile is read first instead of counting as no reply.
    const timer = setTimeout(
      () => setImmediate(() => finish(new DnsExchangeError('ETIMEOUT'))),
      timeoutMs,
    );
    const onAbort = () => finish(new DnsExchangeError('ECANCELLED'));
    let done = false;
    function finish(error: unknown, value?: T): void {
      if (done) return;
      done = true;
      clearTimeout(timer);
      signal.removeEventListener('abort', onAbort);
      cleanup();
      if (error === undefined) resolve(value as T);
      else reject(error);
    }
    if (signal.aborted) return onAbort();
    signal.addEventListener('abort', onAbort);
    start(
      (value) => finish(undefined, value),
      (error) => finish(error ?? new DnsExchangeError('EBADRESP')),
    );
  });
}
