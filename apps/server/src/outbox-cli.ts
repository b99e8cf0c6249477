// `npm run outbox [-- --to <address>] [-- --limit <n>]`: the operator's view of the mail outbox.
// Without SMTP_URL, mails stay in the outbox and nothing serves them over HTTP (ADR 019); the
// operator of the server, who has its shell and its database, reads them here — for instance the
// link that confirms the first account's email address.
import { parseArgs } from 'node:util';
import { loadConfig } from './config.js';
import { createDatabase } from './db/database.js';
import { migrateToLatest } from './db/migrator.js';
import { linksIn } from './lib/html/linkify.js';
import { listMails } from './lib/mailer/outbox.js';

const { values } = parseArgs({
  options: { to: { type: 'string' }, limit: { type: 'string', default: '10' } },
});
const limit = Number(values.limit);
if (!Number.isInteger(limit) || limit < 1) {
  process.stderr.write('--limit must be a positive whole number\n');
  process.exit(2);
}

const config = loadConfig();
const database = createDatabase(config.databaseUrl);
try {
  // A database the server has not opened yet gets its tables, as the server would make them.
  await migrateToLatest(database.db);
  const mails = await listMails(database.db, { to: values.to, limit });
  if (mails.length === 0) process.stdout.write('The outbox holds no mail.\n');
  for (const mail of mails) {
    const links = linksIn(mail.text)
      .map((link) => `\n  ${link}`)
      .join('');
    process.stdout.write(
      `${mail.created_at}  ${mail.status}  to ${mail.to}\n  ${mail.subject}${links}\n\n`,
    );
  }
} finally {
  await database.close();
}
