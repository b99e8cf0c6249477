// Loaded into a bench's Livent server with `node --import` (bench/viewer-streams.bench.ts): the
// production server unchanged, plus a small side server on BENCH_PROBE_PORT that answers what
// the process itself knows and a client cannot see: its memory (after a full collection when
// node runs with --expose-gc, so that the figure is what is live, not what awaits collection) and
// its event loop's delay since the last reset (perf_hooks.monitorEventLoopDelay). Plain
// JavaScript, loaded before the server's own code.
import { createServer } from 'node:http';
import { monitorEventLoopDelay } from 'node:perf_hooks';

const port = Number(process.env.BENCH_PROBE_PORT);
const RESOLUTION_MS = 10;
const delay = monitorEventLoopDelay({ resolution: RESOLUTION_MS });
delay.enable();

// The histogram holds the intervals between its timer's runs: an idle loop shows the resolution.
// What is above it is the delay.
const ms = (nanoseconds) => Math.max(0, nanoseconds / 1e6 - RESOLUTION_MS);

const server = createServer((request, response) => {
  const body = {};
  if (request.url === '/memory') {
    globalThis.gc?.();
    Object.assign(body, process.memoryUsage());
  } else if (request.url === '/loop') {
    Object.assign(body, {
      samples: delay.count,
      meanMs: ms(delay.mean),
      p50Ms: ms(delay.percentile(50)),
      p99Ms: ms(delay.percentile(99)),
      maxMs: ms(delay.max),
    });
    delay.reset();
  } else {
    response.writeHead(404).end();
    return;
  }
  response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(body));
});
server.listen(port, '127.0.0.1');
// The side server must not keep a stopping Livent alive.
server.unref();
