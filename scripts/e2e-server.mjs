// Starts the built server for Playwright on a fresh database of its own, so that every e2e run
// begins from the same empty state, with a real SMTP server on loopback that keeps the mails it
// receives (docs/architecture.md, "Testing on these machines": real browser, real database, real
// SMTP) and a small HTTP endpoint through which the specs read them:
//
//   GET    http://127.0.0.1:3108/mails?to=<address>   the mails to that address, oldest first
//   DELETE http://127.0.0.1:3108/mails                forgets every mail
//
// Ports: E2E_SMTP_PORT (2526) and E2E_MAILS_PORT (3108), each moved by as much as PORT is moved
// from 3107, so that runs on other ports (E2E_PORT) can go on side by side; `npm test` and
// `npm run test:e2e` pass free ones (scripts/e2e-ports.mjs).
import { mkdirSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import { resolve } from 'node:path';
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

const port = Number(process.env.PORT ?? 3107);
const smtpPort = Number(process.env.E2E_SMTP_PORT ?? 2526 + (port - 3107));
const mailsPort = Number(process.env.E2E_MAILS_PORT ?? 3108 + (port - 3107));

const dir = resolve(`.tmp/e2e/${port}`);
rmSync(dir, { recursive: true, force: true });
mkdirSync(dir, { recursive: true });
process.env.DATABASE_URL = `file:${dir}/livent.db`;
process.env.LOG_LEVEL ??= 'warn';
// The test harness is a developer's server: its development aids are on (ADR 019).
process.env.LIVENT_DEV_TOOLS = '1';
// The single sign-on tests' provider listens on loopback: admitted like a provider on a private
// network (ADR 041).
process.env.OUTBOUND_ALLOW ??= '127.0.0.1';
// Plain SMTP on loopback: the capture server offers no STARTTLS, so nodemailer sends in clear.
process.env.SMTP_URL = `smtp://127.0.0.1:${smtpPort}`;
process.env.MAIL_FROM ??= 'Livent <no-reply@livent.test>';
// Two browsers at once load many pages from one address; the API-wide limit is not under test.
process.env.RATE_LIMIT_MAX ??= '100000';

// ---------------------------------------------------------------------------------------------
// Mail capture

/** @type {Array<{ id: number, to: string[], from: string, subject: string, text: string, html: string, links: string[], calendar: string | null, receivedAt: string }>} */
const mails = [];
let nextMailId = 1;

/** The parts the specs read, decoded by mailparser (quoted-printable, base64, encoded words). */
async function parseMail(raw, envelope) {
  // Numbered on arrival, before the asynchronous parse, so that ids keep the order of receipt.
  const id = nextMailId++;
  const receivedAt = new Date().toISOString();
  const parsed = await simpleParser(raw);
  const text = parsed.text ?? '';
  const links = [...new Set(text.match(/https?:\/\/[^\s<>"')]+/g) ?? [])];
  // A calendar invitation (ADR 064) comes out of mailparser as an attachment.
  const calendar = parsed.attachments.find((part) => part.contentType === 'text/calendar');
  return {
    id,
    to: envelope.rcptTo.map((recipient) => recipient.address.toLowerCase()),
    from: envelope.mailFrom ? envelope.mailFrom.address : '',
    subject: parsed.subject ?? '',
    text,
    html: typeof parsed.html === 'string' ? parsed.html : '',
    links,
    calendar: calendar ? calendar.content.toString('utf8') : null,
    receivedAt,
  };
}

const smtp = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS', 'AUTH'],
  logger: false,
  onData(stream, session, callback) {
    const chunks = [];
    stream.on('data', (chunk) => chunks.push(chunk));
    stream.on('end', () => {
      parseMail(Buffer.concat(chunks), session.envelope).then(
        (mail) => {
          mails.push(mail);
          mails.sort((a, b) => a.id - b.id);
          callback();
        },
        (error) => callback(error),
      );
    });
  },
});
await new Promise((resolveListen, reject) => {
  smtp.once('error', reject);
  smtp.listen(smtpPort, '127.0.0.1', resolveListen);
});

const mailbox = createServer((request, response) => {
  const url = new URL(request.url ?? '/', 'http://127.0.0.1');
  if (url.pathname !== '/mails') {
    response.writeHead(404).end();
    return;
  }
  if (request.method === 'DELETE') {
    mails.length = 0;
    response.writeHead(204).end();
    return;
  }
  const to = url.searchParams.get('to')?.toLowerCase();
  const selected = to ? mails.filter((mail) => mail.to.includes(to)) : mails;
  response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(selected));
});
await new Promise((resolveListen) => mailbox.listen(mailsPort, '127.0.0.1', resolveListen));

// ---------------------------------------------------------------------------------------------
// The Livent server

const { buildApp } = await import('../apps/server/dist/app.js');
const { loadConfig } = await import('../apps/server/dist/config.js');
const { abuseLimits } = await import('../apps/server/dist/lib/abuse-limits.js');

const config = loadConfig();
// All browsers of the suite share 127.0.0.1: the per-address abuse limits would stop it after
// a few sign-ups. The per-account limits stay as they are (one spec checks the login one).
const app = await buildApp({
  config,
  abuseLimits: abuseLimits({
    loginPerAddress: 100_000,
    registerPerAddress: 100_000,
    forgotPasswordPerAddress: 100_000,
    resetPasswordPerAddress: 100_000,
    verificationMailPerAddress: 100_000,
  }),
});

async function stop() {
  await app.close();
  await new Promise((done) => smtp.close(done));
  await new Promise((done) => mailbox.close(done));
  process.exit(0);
}
process.on('SIGINT', () => void stop());
process.on('SIGTERM', () => void stop());

await app.listen({ host: config.host, port: config.port });
