// The built Livent server for the message benches: main.ts's start, except that one account and
// one address may open as many live streams as the bench has listeners (clients get 20 per
// account and 100 per address: message-streams.ts, lib/live-hub/live-hub.ts), and
// that one address may send as many viewer messages as the bench does (viewers get 600 in 10
// minutes per address: lib/abuse-limits.ts), as RATE_LIMIT_MAX raises the API-wide limit in
// bench/lib/processes.ts. Plain JavaScript, because the build's types would pull the shared
// sources into the bench's type check.
import { buildApp } from '../../apps/server/dist/app.js';
import { loadConfig } from '../../apps/server/dist/config.js';
import { abuseLimits } from '../../apps/server/dist/lib/abuse-limits.js';

const config = loadConfig();
const app = await buildApp({
  config,
  messageStreams: { maxPerKey: 10_000, maxPerAddress: 10_000 },
  abuseLimits: abuseLimits({ viewerMessagesPerAddress: 100_000_000 }),
});
process.on('SIGTERM', () => {
  void app.close().then(() => process.exit(0));
});
await app.listen({ host: config.host, port: config.port });
