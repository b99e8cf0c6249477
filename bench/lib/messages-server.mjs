// The built Livent server for the messages bench: main.ts's start, except that one account may
// open as many live streams as the bench has listeners (clients get 20: message-streams.ts).
// Plain JavaScript, because the build's types would pull the shared sources into the bench's
// type check.
import { buildApp } from '../../apps/server/dist/app.js';
import { loadConfig } from '../../apps/server/dist/config.js';

const config = loadConfig();
const app = await buildApp({ config, messageStreams: { maxPerKey: 10_000 } });
process.on('SIGTERM', () => {
  void app.close().then(() => process.exit(0));
});
await app.listen({ host: config.host, port: config.port });
