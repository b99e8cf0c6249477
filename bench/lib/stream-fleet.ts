// The stream bench's client processes (lib/stream-clients.ts) seen from the bench: forks them,
// splits the streams between them, and gathers their answers.
import { fork, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { processCpuMs } from './processes.js';
import type { FromClients, StreamTarget, ToClients } from './stream-clients.js';

type Answer<T extends FromClients['type']> = Extract<FromClients, { type: T }>;

export const nowMs = (): number => Number(process.hrtime.bigint()) / 1e6;

/** The soft and hard limit of open files of a process, as /proc shows them (Linux). */
export function openFilesLimit(pid: number | undefined): string {
  try {
    const line = readFileSync(`/proc/${String(pid)}/limits`, 'utf8')
      .split('\n')
      .find((l) => l.startsWith('Max open files'));
    const [soft, hard] = line?.split(/\s{2,}/).slice(1, 3) ?? [];
    return `${soft ?? '?'} (hard ${hard ?? '?'})`;
  } catch {
    return 'unknown';
  }
}

/** A process's resident size in bytes, from /proc (Linux). */
export function residentBytes(pid: number | undefined): number {
  try {
    const status = readFileSync(`/proc/${String(pid)}/status`, 'utf8');
    const kb = /VmRSS:\s+(\d+) kB/.exec(status)?.[1];
    return kb === undefined ? NaN : Number(kb) * 1024;
  } catch {
    return NaN;
  }
}

export class StreamFleet {
  private constructor(private readonly clients: ChildProcess[]) {}

  /** Forks `count` client processes. */
  static start(count: number): StreamFleet {
    const script = new URL('./stream-clients.ts', import.meta.url).pathname;
    const clients = Array.from({ length: count }, () =>
      fork(script, [], {
        execArgv: ['--import', 'tsx'],
        stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
      }),
    );
    return new StreamFleet(clients);
  }

  get pids(): (number | undefined)[] {
    return this.clients.map((client) => client.pid);
  }

  /** The client processes' CPU time (ms) so far, all together. */
  cpuMs(): number {
    return this.clients.reduce((sum, client) => sum + (processCpuMs(client.pid) ?? NaN), 0);
  }

  /** Opens `total` streams, shared out evenly, round-robin over `targets`. */
  async open(
    targets: StreamTarget[],
    total: number,
    concurrency: number,
  ): Promise<{ opened: number; refused: Record<string, number>; ms: number }> {
    const share = Math.ceil(total / this.clients.length);
    const answers = await Promise.all(
      this.clients.map((client, i) =>
        this.ask(client, 'opened', {
          type: 'open',
          targets,
          first: i * share,
          count: Math.max(0, Math.min(share, total - i * share)),
          concurrency,
        }),
      ),
    );
    const refused: Record<string, number> = {};
    for (const answer of answers) {
      for (const [reason, n] of Object.entries(answer.refused)) {
        refused[reason] = (refused[reason] ?? 0) + n;
      }
    }
    return {
      opened: answers.reduce((sum, a) => sum + a.opened, 0),
      refused,
      ms: Math.max(...answers.map((a) => a.ms)),
    };
  }

  /** From now on every stream notes when a frame `event` with data `{ id }` arrives. */
  async expect(event: string, id: string): Promise<void> {
    await Promise.all(this.clients.map((c) => this.ask(c, 'ready', { type: 'expect', event, id })));
  }

  /** The arrivals since `expect`, once every stream has one or after `timeoutMs`. */
  async arrivals(
    timeoutMs: number,
  ): Promise<{ times: (number | null)[]; targets: number[]; ended: number }> {
    const answers = await Promise.all(
      this.clients.map((c) => this.ask(c, 'arrivals', { type: 'arrivals', timeoutMs })),
    );
    return {
      times: answers.flatMap((a) => a.times),
      targets: answers.flatMap((a) => a.targets),
      ended: answers.reduce((sum, a) => sum + a.ended, 0),
    };
  }

  /** From now on every stream adds up the counts of `event` frames. */
  async count(event: string): Promise<void> {
    await Promise.all(this.clients.map((c) => this.ask(c, 'ready', { type: 'count', event })));
  }

  /** How many streams saw each sum since `count`, and how many streams ended. */
  async counted(): Promise<{ sums: Map<number, number>; ended: number }> {
    const answers = await Promise.all(
      this.clients.map((c) => this.ask(c, 'counted', { type: 'counted' })),
    );
    const sums = new Map<number, number>();
    for (const answer of answers) {
      for (const [sum, n] of Object.entries(answer.sums)) {
        sums.set(Number(sum), (sums.get(Number(sum)) ?? 0) + n);
      }
    }
    return { sums, ended: answers.reduce((sum, a) => sum + a.ended, 0) };
  }

  async stop(): Promise<void> {
    await Promise.all(
      this.clients.map(
        (client) =>
          new Promise<void>((resolve) => {
            if (client.exitCode !== null || !client.connected) return resolve();
            client.once('exit', () => resolve());
            client.send({ type: 'close' } satisfies ToClients);
          }),
      ),
    );
  }

  private ask<T extends FromClients['type']>(
    client: ChildProcess,
    type: T,
    message: ToClients,
  ): Promise<Answer<T>> {
    return new Promise((resolve, reject) => {
      const onMessage = (answer: FromClients) => {
        if (answer.type !== type) return;
        client.off('message', onMessage);
        client.off('exit', onExit);
        resolve(answer as Answer<T>);
      };
      const onExit = (code: number | null) => {
        client.off('message', onMessage);
        reject(new Error(`a stream client exited (${String(code)}) before it answered ${type}`));
      };
      client.on('message', onMessage);
      client.once('exit', onExit);
      client.send(message);
    });
  }
}
