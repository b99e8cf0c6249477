import { createSocket, type Socket } from 'node:dgram';
import { createServer, type AddressInfo, type Server } from 'node:net';
import dnsPacket, { type Answer } from 'dns-packet';
import { afterEach, describe, expect, it } from 'vitest';
import { DnsExchangeError, exchange, parseDnsServer } from './dns-exchange.js';

// The wire exchange of the DNS resolver: UDP, TCP after a truncated answer, and which replies
// count. A server on loopback that answers UDP with the truncation bit and TCP in full.

const LONG_TXT = 'x'.repeat(200);
let udp: Socket | undefined;
let tcp: Server | undefined;

afterEach(async () => {
  udp?.close();
  await new Promise<void>((resolve) => (tcp ? tcp.close(() => resolve()) : resolve()));
  udp = tcp = undefined;
});

/** UDP answers come truncated (or, with `wrongId`, for another question id); TCP in full. */
async function startServer(options: { wrongId?: boolean } = {}): Promise<number> {
  const answers = (name: string): Answer[] =>
    [1, 2, 3].map(() => ({ name, type: 'TXT', ttl: 60, data: LONG_TXT }));
  tcp = createServer((connection) => {
    connection.on('data', (chunk) => {
      const query = dnsPacket.streamDecode(chunk);
      const question = query.questions![0]!;
      connection.write(
        dnsPacket.streamEncode({
          type: 'response',
          id: query.id,
          questions: [question],
          answers: answers(question.name),
        }),
      );
    });
  });
  await new Promise<void>((resolve) => tcp!.listen(0, '127.0.0.1', resolve));
  const port = (tcp.address() as AddressInfo).port;
  udp = createSocket('udp4');
  udp.on('message', (message, remote) => {
    const query = dnsPacket.decode(message);
    const reply = dnsPacket.encode({
      type: 'response',
      id: options.wrongId ? (query.id! + 1) % 0x10000 : query.id,
      flags: dnsPacket.TRUNCATED_RESPONSE,
      questions: query.questions,
      answers: [],
    });
    udp!.send(reply, remote.port, remote.address);
  });
  await new Promise<void>((resolve) => udp!.bind(port, '127.0.0.1', resolve));
  return port;
}

describe('exchange', () => {
  it('asks again over TCP when the UDP answer was truncated', async () => {
    const port = await startServer();
    const response = await exchange(
      { address: '127.0.0.1', port },
      'long.example.com',
      'TXT',
      1000,
      new AbortController().signal,
    );
    expect(response.answers).toHaveLength(3);
    expect(response.answers).toMatchObject(
      [1, 2, 3].map(() => ({ type: 'TXT', data: [Buffer.from(LONG_TXT)] })),
    );
  });

  it('ignores a reply to another question id, and stops when cancelled', async () => {
    const port = await startServer({ wrongId: true });
    const ask = (signal: AbortSignal) =>
      exchange({ address: '127.0.0.1', port }, 'x.example.com', 'TXT', 200, signal);
    // The one reply is for another id: as if no reply came.
    await expect(ask(new AbortController().signal)).rejects.toThrow(DnsExchangeError);
    await expect(ask(new AbortController().signal)).rejects.toMatchObject({ code: 'ETIMEOUT' });
    const controller = new AbortController();
    const pending = ask(controller.signal);
    controller.abort();
    await expect(pending).rejects.toMatchObject({ code: 'ECANCELLED' });
  });
});

describe('parseDnsServer', () => {
  it.each([
    ['1.1.1.1', { address: '1.1.1.1', port: 53 }],
    ['127.0.0.1:5353', { address: '127.0.0.1', port: 5353 }],
    ['2606:4700:4700::1111', { address: '2606:4700:4700::1111', port: 53 }],
    ['[2606:4700:4700::1111]:5353', { address: '2606:4700:4700::1111', port: 5353 }],
  ])('%s', (text, server) => expect(parseDnsServer(text)).toEqual(server));
});
