// Ports for one end-to-end run: the server (E2E_PORT), the SMTP capture (E2E_SMTP_PORT) and its
// mail list (E2E_MAILS_PORT). Ports given in the environment are kept; the others are free ones
// the system hands out, so that a busy 3107 (another run, another program) does not fail the
// whole tier before any test ran.
import { createServer } from 'node:net';

/** `count` distinct ports that were free a moment ago (all held at once, then released). */
export async function freePorts(count) {
  const servers = await Promise.all(
    Array.from(
      { length: count },
      () =>
        new Promise((resolve, reject) => {
          const server = createServer();
          server.once('error', reject);
          server.listen(0, '127.0.0.1', () => resolve(server));
        }),
    ),
  );
  const ports = servers.map((server) => server.address().port);
  await Promise.all(servers.map((server) => new Promise((done) => server.close(done))));
  return ports;
}

/** The environment of an e2e run: the caller's ports where set, free ones otherwise. */
export async function e2ePortEnvironment(env = process.env) {
  const names = ['E2E_PORT', 'E2E_SMTP_PORT', 'E2E_MAILS_PORT'];
  const missing = names.filter((name) => !env[name]);
  const ports = await freePorts(missing.length);
  return Object.fromEntries(
    names.map((name) => [name, env[name] || String(ports[missing.indexOf(name)])]),
  );
}
