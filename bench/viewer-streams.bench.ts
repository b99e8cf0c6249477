// Viewers' live streams at scale (docs/decisions/062-viewer-streams-at-scale.md): STREAMS viewer
// streams (`GET /{slug}/_live` on the events host; 10,000 by default, `STREAMS=20000` to try
// more) held by client processes (lib/stream-clients.ts) against the production server: one
// instance on SQLite, then two on one PostgreSQL database (BENCH_POSTGRES_URL or
// TEST_DATABASE_URL; skipped without), the streams split across them and the launch sent to one.
// It prints the server's memory per stream, a launched poll's arrival on every stream (p50, p99,
// the slowest, the share within 1 s), whether 1,000 viewers reacting each second for 10 s lose
// any count, and the event loop's delay meanwhile, with the machine's facts. The same run against
// bare node:http holding the same streams (lib/bare-live-server.mjs) comes first: the floor that
// Node.js and the bench's own clients set on this machine (ADR 029), beside which Livent's
// absolute figures are read.
//
// Every stream is a viewer of its own (an address of its own through X-Forwarded-For, with
// TRUST_PROXY=loopback), so no per-address cap applies: the bench measures what one instance
// holds, not a single address. STREAM_CLIENTS sets the client processes (4); STREAMS_FLOOR=0
// leaves out the bare node:http run. The run fails only
// when the answers are wrong (a count lost, an open stream that never got the poll); refused
// streams are the limit it looks for, and are printed.
import { cpus, totalmem } from 'node:os';
import { readFileSync } from 'node:fs';
import type { StreamTarget } from './lib/stream-clients.js';
import { StreamFleet, nowMs, openFilesLimit, residentBytes } from './lib/stream-fleet.js';
import { recordResult } from './lib/summary.js';
import {
  launchPoll,
  postReactions,
  prepareEvent,
  startInstances,
  type Cluster,
  type LoopDelay,
} from './lib/stream-servers.js';

const STREAMS = Number(process.env.STREAMS ?? 10_000);
const CLIENTS = Number(process.env.STREAM_CLIENTS ?? 4);
const OPEN_CONCURRENCY = 64;
const REACTING_VIEWERS = 1_000;
const REACTION_SECONDS = 10;
const IDLE_MS = 15_000;
const postgresUrl = process.env.BENCH_POSTGRES_URL ?? process.env.TEST_DATABASE_URL;

const MB = 1024 * 1024;
const mb = (bytes: number) => `${(bytes / MB).toFixed(0)} MB`;

function machineFacts(): void {
  const read = (file: string) => {
    try {
      return readFileSync(file, 'utf8').trim().replace(/\s+/g, ' ');
    } catch {
      return 'unknown';
    }
  };
  console.log(
    `machine: ${cpus().length} cores (${cpus()[0]?.model ?? 'unknown'}), ${mb(totalmem())} memory, node ${process.version}, load average ${read('/proc/loadavg').split(' ').slice(0, 3).join(' ')}`,
  );
  console.log(
    `  net.ipv4.ip_local_port_range ${read('/proc/sys/net/ipv4/ip_local_port_range')}, net.core.somaxconn ${read('/proc/sys/net/core/somaxconn')}, fs.nr_open ${read('/proc/sys/fs/nr_open')}; this bench's open files ${openFilesLimit(process.pid)}`,
  );
}

function loopLine(loop: LoopDelay): string {
  return `p50 ${loop.p50Ms.toFixed(1)} ms, p99 ${loop.p99Ms.toFixed(1)} ms, max ${loop.maxMs.toFixed(1)} ms (${loop.samples} samples)`;
}

/** The instances' CPU time (user + system, ms) so far, from /proc: fair on a busy machine. */
function cpuMs(cluster: Cluster): number {
  return cluster.instances.reduce((sum, instance) => sum + (instance.server.cpuMs() ?? NaN), 0);
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;
}

/** p50, p99 and the slowest of `values` (ms), and the share within 1 s, as one line. */
function spread(values: number[], missing: number): { line: string; p99: number; within: number } {
  const sorted = [...values].sort((a, b) => a - b);
  const total = sorted.length + missing;
  const within = total === 0 ? 0 : sorted.filter((v) => v <= 1000).length / total;
  const p99 = percentile(sorted, 99);
  return {
    line: `p50 ${percentile(sorted, 50).toFixed(0)} ms, p99 ${p99.toFixed(0)} ms, slowest ${(sorted.at(-1) ?? NaN).toFixed(0)} ms, ${(within * 100).toFixed(2)}% within 1 s${missing > 0 ? `, ${missing} never arrived` : ''}`,
    p99,
    within,
  };
}

async function run(label: string, cluster: Cluster): Promise<boolean> {
  const { instances } = cluster;
  const [first] = instances;
  if (!first) throw new Error('no instance');
  let correct = true;
  console.log(`\n--- ${label}`);
  for (const [i, instance] of instances.entries()) {
    console.log(
      `  instance ${i + 1}: pid ${instance.server.pid ?? '?'}, open files ${openFilesLimit(instance.server.pid)}`,
    );
  }
  const event = await prepareEvent(cluster);
  const targets: StreamTarget[] = instances.map((instance) => ({
    port: instance.port,
    host: instance.eventsHost,
    path: `/${event.slug}/_live`,
  }));
  const before = await Promise.all(instances.map((instance) => instance.memory()));

  const fleet = StreamFleet.start(CLIENTS);
  try {
    console.log(
      `  clients: ${CLIENTS} processes, open files ${openFilesLimit(fleet.pids[0])} each`,
    );
    const cpuBeforeOpen = cpuMs(cluster);
    const opened = await fleet.open(targets, STREAMS, OPEN_CONCURRENCY);
    const openCpu = cpuMs(cluster) - cpuBeforeOpen;
    const refused = Object.entries(opened.refused)
      .map(([why, n]) => `${n} ${why}`)
      .join(', ');
    console.log(
      `  ${opened.opened} of ${STREAMS} streams open in ${(opened.ms / 1000).toFixed(1)} s, ${((openCpu * 1000) / Math.max(1, opened.opened)).toFixed(0)} µs of server CPU each${refused ? `; refused: ${refused}` : ''}`,
    );
    recordResult({
      name: `${label}: streams open`,
      value: opened.opened,
      unit: 'streams',
      met: opened.opened === STREAMS,
      budgetText: `all ${STREAMS}`,
      ...(refused ? { note: `refused: ${refused}` } : {}),
    });
    if (opened.opened === 0) return false;

    // Memory with every stream open, after a full collection, against before.
    const after = await Promise.all(instances.map((instance) => instance.memory()));
    const perInstance = Math.max(1, opened.opened / instances.length);
    for (const [i, instance] of instances.entries()) {
      const b = before[i];
      const a = after[i];
      if (!a || !b) continue;
      console.log(
        `  instance ${i + 1} memory: RSS ${mb(b.rss)} → ${mb(a.rss)}, heap ${mb(b.heapUsed)} → ${mb(a.heapUsed)}: ${((a.rss - b.rss) / perInstance / 1024).toFixed(1)} KB RSS and ${((a.heapUsed - b.heapUsed) / perInstance / 1024).toFixed(1)} KB heap per stream (pid ${instance.server.pid ?? '?'})`,
      );
    }
    const rssPerStream =
      after.reduce((sum, a, i) => sum + a.rss - (before[i]?.rss ?? 0), 0) /
      Math.max(1, opened.opened);
    const heapPerStream =
      after.reduce((sum, a, i) => sum + a.heapUsed - (before[i]?.heapUsed ?? 0), 0) /
      Math.max(1, opened.opened);
    const clientRss = fleet.pids.reduce<number>((sum, pid) => sum + residentBytes(pid), 0);
    console.log(`  clients' memory: ${mb(clientRss)} RSS in all`);
    recordResult({
      name: `${label}: server memory per stream`,
      value: rssPerStream / 1024,
      unit: 'KB',
      note: `RSS; heap ${(heapPerStream / 1024).toFixed(1)} KB`,
    });

    // What the open streams cost while nothing happens: heartbeats and access checks, each once
    // in 15 s (ADR 038), so one such period.
    await Promise.all(instances.map((instance) => instance.loopDelay()));
    const idleStarted = nowMs();
    const cpuBeforeIdle = cpuMs(cluster);
    await new Promise((resolve) => setTimeout(resolve, IDLE_MS));
    const idleShare = (cpuMs(cluster) - cpuBeforeIdle) / (nowMs() - idleStarted);
    const loopIdle = await Promise.all(instances.map((instance) => instance.loopDelay()));
    console.log(
      `  server CPU with the streams open and nothing happening: ${(idleShare * 100).toFixed(0)}% of a core (over ${IDLE_MS / 1000} s: heartbeats and access checks)`,
    );
    for (const [i, loop] of loopIdle.entries()) {
      console.log(`  instance ${i + 1} event loop delay meanwhile: ${loopLine(loop)}`);
    }
    recordResult({
      name: `${label}: server CPU, streams idle`,
      value: idleShare * 100,
      unit: '% of a core',
      note: `event loop delay max ${Math.max(...loopIdle.map((l) => l.maxMs)).toFixed(0)} ms`,
    });

    // A launched poll's arrival on every stream.
    await Promise.all(instances.map((instance) => instance.loopDelay()));
    const cpuBeforeLaunch = cpuMs(cluster);
    const clientsCpuBeforeLaunch = fleet.cpuMs();
    const launchStarted = nowMs();
    const poll = await launchPoll(first, event, async (pollId) => fleet.expect('poll', pollId));
    const arrivals = await fleet.arrivals(15_000);
    const launchCpu = cpuMs(cluster) - cpuBeforeLaunch;
    const launchClientsCpu = fleet.cpuMs() - clientsCpuBeforeLaunch;
    const launchMs = nowMs() - launchStarted;
    const loopAtLaunch = await Promise.all(instances.map((instance) => instance.loopDelay()));
    const arrived = arrivals.times.filter((t): t is number => t !== null);
    const missing = arrivals.times.length - arrived.length;
    const fromAnswer = spread(
      arrived.map((t) => Math.max(0, t - poll.answeredAt)),
      missing,
    );
    const fromSending = spread(
      arrived.map((t) => t - poll.sentAt),
      missing,
    );
    console.log(
      `  CPU for the launch and its frames: the server ${launchCpu.toFixed(0)} ms (${((launchCpu * 1000) / Math.max(1, opened.opened)).toFixed(0)} µs per stream), the clients ${launchClientsCpu.toFixed(0)} ms, in ${launchMs.toFixed(0)} ms of wall time on ${cpus().length} cores`,
    );
    console.log(
      `  poll launch answered in ${(poll.answeredAt - poll.sentAt).toFixed(0)} ms (instance 1)`,
    );
    console.log(`  poll arrival after the launch's answer: ${fromAnswer.line}`);
    console.log(`  poll arrival after its sending:         ${fromSending.line}`);
    if (instances.length > 1) {
      for (const [i] of instances.entries()) {
        const times = arrivals.times.filter((t, k) => arrivals.targets[k] === i);
        const got = times.filter((t): t is number => t !== null);
        console.log(
          `    streams on instance ${i + 1}: ${
            spread(
              got.map((t) => t - poll.sentAt),
              times.length - got.length,
            ).line
          } (after sending)`,
        );
      }
    }
    for (const [i, loop] of loopAtLaunch.entries()) {
      console.log(
        `  instance ${i + 1} event loop delay while the poll went out: ${loopLine(loop)}`,
      );
    }
    if (arrivals.ended > 0) console.log(`  ${arrivals.ended} streams ended before the poll came`);
    recordResult({
      name: `${label}: poll on every stream within 1 s`,
      value: fromAnswer.within * 100,
      unit: '%',
      p99Ms: fromAnswer.p99,
      budget: { atLeast: 99 },
      note: `after the launch's answer; after sending: p99 ${fromSending.p99.toFixed(0)} ms`,
    });
    if (missing > 0) correct = false;

    // 1,000 viewers reacting each second for 10 s: every count arrives in the bursts.
    await fleet.count('reactions');
    await Promise.all(instances.map((instance) => instance.loopDelay()));
    const cpuBeforeReactions = cpuMs(cluster);
    const reactionsStarted = nowMs();
    const sent = await postReactions(instances, event, REACTING_VIEWERS, REACTION_SECONDS, STREAMS);
    // The last second's burst goes out within about a second of its last tap.
    await new Promise((resolve) => setTimeout(resolve, 2_500));
    const loopReacting = await Promise.all(instances.map((instance) => instance.loopDelay()));
    const reactionsCpu = cpuMs(cluster) - cpuBeforeReactions;
    const reactionsMs = nowMs() - reactionsStarted;
    const counted = await fleet.counted();
    const sums = [...counted.sums.entries()].sort((a, b) => b[1] - a[1]);
    const lossless = sums.length === 1 && sums[0]?.[0] === sent.counted;
    console.log(
      `  reactions: ${sent.requests} requests (${sent.refused} refused, ${sent.failed} failed) carrying ${sent.counted} taps accepted; streams' sums: ${sums
        .slice(0, 5)
        .map(([sum, n]) => `${n} streams saw ${sum}`)
        .join(
          ', ',
        )}${sums.length > 5 ? ', …' : ''} → ${lossless ? 'no count lost' : 'COUNTS DIFFER'}`,
    );
    for (const [i, loop] of loopReacting.entries()) {
      console.log(`  instance ${i + 1} event loop delay while viewers reacted: ${loopLine(loop)}`);
    }
    console.log(
      `  server CPU while viewers reacted: ${((reactionsCpu / reactionsMs) * 100).toFixed(0)}% of a core`,
    );
    recordResult({
      name: `${label}: reactions, no count lost`,
      value: sent.counted,
      unit: 'taps',
      met: lossless && sent.refused === 0 && sent.failed === 0,
      budgetText: 'every stream sums every tap',
      note: `event loop p99 ${Math.max(...loopReacting.map((l) => l.p99Ms)).toFixed(1)} ms while reacting`,
    });
    if (!lossless || sent.failed > 0) correct = false;
  } finally {
    await fleet.stop();
  }
  return correct;
}

machineFacts();
console.log(`${STREAMS} streams, ${CLIENTS} client processes`);
const started = nowMs();
let correct = true;
const clusters: Array<[label: string, start: () => Promise<Cluster>]> = [
  ['one instance, SQLite', () => startInstances(1)],
];
if (process.env.STREAMS_FLOOR !== '0') {
  clusters.unshift(['bare node:http, the floor', () => startInstances(1, { bare: true })]);
}
if (postgresUrl) {
  clusters.push(['two instances, PostgreSQL', () => startInstances(2, { postgresUrl })]);
} else {
  console.log('two instances on PostgreSQL skipped: set BENCH_POSTGRES_URL or TEST_DATABASE_URL');
}
for (const [label, start] of clusters) {
  const cluster = await start();
  try {
    if (!(await run(label, cluster))) correct = false;
  } finally {
    await cluster.stop();
  }
}
console.log(`\ndone in ${((nowMs() - started) / 1000).toFixed(0)} s`);
if (!correct) process.exitCode = 1;
