import { buildApp } from './app.js';
import { ConfigError, loadConfig, type Config } from './config.js';
import { standardOutputLog } from './lib/logger.js';

/** How long open requests and connections get to finish after SIGINT/SIGTERM. */
const SHUTDOWN_TIMEOUT_MS = 10_000;
/** How long a clean stop waits for the log's reader to take the last lines (ADR 019). */
const LOG_FLUSH_TIMEOUT_MS = 2_000;

function fail(message: string): never {
  process.stderr.write(`${message}\n`);
  process.exit(1);
}

let config: Config;
try {
  config = loadConfig();
} catch (error) {
  fail(
    error instanceof ConfigError
      ? error.message
      : `Could not read the configuration: ${String(error)}`,
  );
}

let app: Awaited<ReturnType<typeof buildApp>>;
try {
  app = await buildApp({ config });
} catch (error) {
  fail(`Livent could not start: ${error instanceof Error ? error.message : String(error)}`);
}

let stopping = false;
async function shutdown(signal: NodeJS.Signals): Promise<void> {
  if (stopping) {
    // A second Ctrl+C means "now".
    process.exit(1);
  }
  stopping = true;
  // Readiness answers 503 from here on; during the drain every other request is still served,
  // so a load balancer that polls /api/health/ready moves traffic away before the listener
  // closes (docs/decisions/032-operations.md).
  app.lifecycle.shuttingDown = true;
  const drainMs = config.shutdownDrainSeconds * 1000;
  app.log.info({ signal, drainSeconds: config.shutdownDrainSeconds }, 'shutting down');
  setTimeout(() => {
    process.stderr.write(
      `Livent did not stop within ${(drainMs + SHUTDOWN_TIMEOUT_MS) / 1000} s; exiting.\n`,
    );
    process.exit(1);
  }, drainMs + SHUTDOWN_TIMEOUT_MS).unref();
  try {
    if (drainMs > 0) await new Promise((resolve) => setTimeout(resolve, drainMs));
    // app.close() ends the live streams (messages, statistics) first so that closing does not
    // wait for them, stops the mail worker after the mail it is sending (the rest stay queued
    // for the next start), writes the statistics still in memory, then closes the database.
    await app.close();
    await standardOutputLog().flush(LOG_FLUSH_TIMEOUT_MS);
    process.exit(0);
  } catch (error) {
    app.log.error({ err: error }, 'shutdown failed');
    process.exit(1);
  }
}
process.on('SIGINT', (signal) => void shutdown(signal));
process.on('SIGTERM', (signal) => void shutdown(signal));

try {
  await app.listen({ host: config.host, port: config.port });
} catch (error) {
  await app.close();
  fail(
    `Livent could not listen on ${config.host}:${config.port}: ${error instanceof Error ? error.message : String(error)}`,
  );
}
process.stdout.write(`Livent is running at ${config.publicUrl}\n`);
if (config.devTools) {
  // Without a mail server, sign-up and password reset are only usable through the outbox. The
  // server's own port: under npm run dev, PUBLIC_URL is Vite's, which proxies only /api.
  process.stdout.write(
    `Mails (development): http://localhost:${config.port}/dev/mailbox${config.smtpUrl ? '' : ' (SMTP_URL is not set: nothing is sent)'}\n`,
  );
} else if (!config.smtpUrl) {
  // A self-hoster's server shows no mailbox: without SMTP nobody receives sign-up or reset mails.
  process.stdout.write(
    'SMTP_URL is not set: mails stay in the outbox and are not sent; `npm run outbox` shows them (with their links) to whoever runs this server.\n',
  );
}
