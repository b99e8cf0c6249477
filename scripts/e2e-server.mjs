// Starts the built server for Playwright on a fresh database of its own, so that every e2e run
// begins from the same empty state, with a real SMTP server on loopback that keeps the mails it
// receives (ARCHITECTURE.md, "Testing on these machines": real browser, real database, real
// SMTP) and a small HTTP endpoint through which the specs read them:
//
//   GET    http://127.0.0.1:3108/mails?to=<address>   the mails to that address, oldest first
//   DELETE http://127.0.0.1:3108/mails                forgets every mail
//
// Ports: E2E_SMTP_PORT (2526) and E2E_MAILS_PORT (3108), each moved by as much as PORT is moved
// from 3107, so that runs on other ports (E2E_PORT) can go on side by side.
import { mkdirSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import { resolve } from 'node:path';
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
// Plain SMTP on loopback: the capture server offers no STARTTLS, so nodemailer sends in clear.
process.env.SMTP_URL = `smtp://127.0.0.1:${smtpPort}`;
process.env.MAIL_FROM ??= 'Livent <no-reply@livent.test>';
// Two browsers at once load many pages from one address; the API-wide limit is not under test.
process.env.RATE_LIMIT_MAX ??= '100000';

// ---------------------------------------------------------------------------------------------
// Mail capture

/** @type {Array<{ id: number, to: string[], from: string, subject: string, text: string, html: string, links: string[], receivedAt: string }>} */
const mails = [];
let nextMailId = 1;

/** Splits a MIME entity into its (unfolded, lower-cased) headers and its body. */
function splitEntity(raw) {
  const end = raw.search(/\r?\n\r?\n/);
  const head = end === -1 ? raw : raw.slice(0, end);
  const body = end === -1 ? '' : raw.slice(end).replace(/^\r?\n\r?\n/, '');
  const headers = {};
  for (const line of head.replace(/\r?\n[ \t]+/g, ' ').split(/\r?\n/)) {
    const colon = line.indexOf(':');
    if (colon > 0)
      headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
  }
  return { headers, body };
}

/** Quoted-printable: soft line breaks (`=\r\n`) joined, `=XX` bytes decoded as UTF-8. */
function decodeQuotedPrintable(text) {
  const joined = text.replace(/=\r?\n/g, '');
  const bytes = [];
  for (let i = 0; i < joined.length; i += 1) {
    const hex = joined[i] === '=' ? joined.slice(i + 1, i + 3) : '';
    if (/^[0-9A-Fa-f]{2}$/.test(hex)) {
      bytes.push(Number.parseInt(hex, 16));
      i += 2;
    } else {
      bytes.push(...Buffer.from(joined[i], 'utf8'));
    }
  }
  return Buffer.from(bytes).toString('utf8');
}

function decodeBody(body, encoding = '') {
  const kind = encoding.toLowerCase();
  if (kind === 'quoted-printable') return decodeQuotedPrintable(body);
  if (kind === 'base64') return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  return body;
}

/** RFC 2047 encoded words in headers, e.g. a German subject: `=?UTF-8?Q?Best=C3=A4tigen?=`. */
function decodeHeader(value = '') {
  return value
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?([^?]+)\?([BbQq])\?([^?]*)\?=/g, (_all, _charset, kind, data) =>
      kind.toUpperCase() === 'B'
        ? Buffer.from(data, 'base64').toString('utf8')
        : decodeQuotedPrintable(data.replace(/_/g, ' ')),
    );
}

/** The text/plain and text/html parts of a message, however deeply nested. */
function collectParts(raw, found = { text: '', html: '' }) {
  const { headers, body } = splitEntity(raw);
  const type = headers['content-type'] ?? 'text/plain';
  const boundary = /boundary="?([^";]+)"?/i.exec(type)?.[1];
  if (/^multipart\//i.test(type) && boundary) {
    for (const part of body.split(`--${boundary}`).slice(1)) {
      if (part.startsWith('--')) break;
      collectParts(part.replace(/^\r?\n/, ''), found);
    }
  } else if (/^text\/html/i.test(type)) {
    found.html ||= decodeBody(body, headers['content-transfer-encoding']);
  } else if (/^text\/plain/i.test(type)) {
    found.text ||= decodeBody(body, headers['content-transfer-encoding']);
  }
  return found;
}

function parseMail(raw, envelope) {
  const { headers } = splitEntity(raw);
  const { text, html } = collectParts(raw);
  const links = [...new Set(text.match(/https?:\/\/[^\s<>"')]+/g) ?? [])];
  return {
    id: nextMailId++,
    to: envelope.rcptTo.map((recipient) => recipient.address.toLowerCase()),
    from: envelope.mailFrom ? envelope.mailFrom.address : '',
    subject: decodeHeader(headers.subject),
    text,
    html,
    links,
    receivedAt: new Date().toISOString(),
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
      try {
        mails.push(parseMail(Buffer.concat(chunks).toString('utf8'), session.envelope));
        callback();
      } catch (error) {
        callback(error);
      }
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
