import { createSocket, type RemoteInfo, type Socket } from 'node:dgram';
import dnsPacket, { type Answer, type Question } from 'dns-packet';

/** A record of the test zone: `CNAME`, `A` and `AAAA` take a name or address, `TXT` a text, `CAA` its parts. */
export type TestRecord =
  | { name: string; type: 'CNAME' | 'A' | 'AAAA' | 'TXT'; data: string }
  | { name: string; type: 'CAA'; data: { flags?: number; tag: string; value: string } };

const RCODE_NXDOMAIN = 3;
const RCODE_SERVFAIL = 2;
/** Response, authoritative, recursion desired and available. */
const RESPONSE_FLAGS = dnsPacket.AUTHORITATIVE_ANSWER | (1 << 8) | dnsPacket.RECURSION_AVAILABLE;

/**
 * An authoritative DNS server on loopback for tests (docs/decisions/030-custom-domains.md): it
 * answers from an editable zone, follows CNAMEs inside it as a recursive resolver would, says
 * NXDOMAIN for names it does not know, and can be told to fail or to stay silent for a name
 * (a timeout at the client). UDP only: the answers of tests fit into one datagram.
 */
export class TestDnsServer {
  private readonly socket: Socket = createSocket('udp4');
  private records: TestRecord[] = [];
  private readonly silent = new Set<string>();
  private readonly failing = new Set<string>();
  private readonly strays = new Map<string, TestRecord[]>();
  /** Every question received, as `TYPE name` (tests assert what was, or was not, asked). */
  readonly questions: string[] = [];

  async start(): Promise<string> {
    this.socket.on('message', (message, remote) => this.answer(message, remote));
    await new Promise<void>((resolve) => this.socket.bind(0, '127.0.0.1', resolve));
    return `127.0.0.1:${this.socket.address().port}`;
  }

  async stop(): Promise<void> {
    await new Promise<void>((resolve) => this.socket.close(() => resolve()));
  }

  /** Replaces every record of `name` (any type) with these. */
  set(name: string, records: Omit<TestRecord, 'name'>[]): void {
    const key = name.toLowerCase();
    this.records = [
      ...this.records.filter((record) => record.name !== key),
      ...records.map((record) => ({ ...record, name: key }) as TestRecord),
    ];
    this.silent.delete(key);
    this.failing.delete(key);
  }

  /** Queries for `name` get no answer at all. */
  silence(name: string): void {
    this.failing.delete(name.toLowerCase());
    this.silent.add(name.toLowerCase());
  }

  /** Queries for `name` get SERVFAIL. */
  fail(name: string): void {
    this.silent.delete(name.toLowerCase());
    this.failing.add(name.toLowerCase());
  }

  /**
   * Every answer about `name` also carries these records of other names, as a misbehaving server
   * (or a forged reply) might send them.
   */
  addStrayRecords(name: string, records: TestRecord[]): void {
    this.strays.set(name.toLowerCase(), records);
  }

  clear(): void {
    this.records = [];
    this.strays.clear();
    this.silent.clear();
    this.failing.clear();
    this.questions.length = 0;
  }

  private answer(message: Buffer, remote: RemoteInfo): void {
    let query: dnsPacket.Packet;
    try {
      query = dnsPacket.decode(message);
    } catch {
      return;
    }
    const question = query.questions?.[0];
    if (!question) return;
    const name = question.name.toLowerCase();
    this.questions.push(`${question.type} ${name}`);
    if (this.silent.has(name)) return;
    const { answers, rcode } = this.failing.has(name)
      ? { answers: [], rcode: RCODE_SERVFAIL }
      : this.resolve(question);
    const response = dnsPacket.encode({
      type: 'response',
      id: query.id,
      flags: RESPONSE_FLAGS | rcode,
      questions: [question],
      answers: [...answers, ...(this.strays.get(name) ?? []).map(toAnswer)],
    });
    this.socket.send(response, remote.port, remote.address);
  }

  private resolve(question: Question): { answers: Answer[]; rcode: number } {
    const answers: Answer[] = [];
    let name = question.name.toLowerCase();
    // Follows CNAMEs within the zone (at most a few hops), as a recursive server does.
    for (let hop = 0; hop < 8; hop += 1) {
      const own = this.records.filter((record) => record.name === name);
      if (own.length === 0) return { answers, rcode: answers.length ? 0 : RCODE_NXDOMAIN };
      const matching = own.filter((record) => record.type === question.type);
      if (matching.length > 0) {
        answers.push(...matching.map((record) => toAnswer(record)));
        return { answers, rcode: 0 };
      }
      const alias = own.find((record) => record.type === 'CNAME');
      if (!alias || typeof alias.data !== 'string') return { answers, rcode: 0 };
      answers.push(toAnswer(alias));
      name = alias.data.toLowerCase();
    }
    return { answers, rcode: 0 };
  }
}

function toAnswer(record: TestRecord): Answer {
  const base = { name: record.name, ttl: 60, class: 'IN' as const };
  if (record.type === 'CAA') {
    // dns-packet types the tag as the three RFC 8659 names; tests also send others.
    const data = { flags: 0, ...record.data } as { flags: number; tag: 'issue'; value: string };
    return { ...base, type: 'CAA', data };
  }
  if (record.type === 'TXT') return { ...base, type: 'TXT', data: record.data };
  return { ...base, type: record.type, data: record.data };
}
