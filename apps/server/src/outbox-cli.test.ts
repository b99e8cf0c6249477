import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { createDatabase } from './db/database.js';
import { migrateToLatest } from './db/migrator.js';
import { insertMail } from './lib/mailer/outbox.js';
import { TEST_APP_SECRET } from './test/test-app.js';

const CLI = join(import.meta.dirname, 'outbox-cli.ts');
const dir = mkdtempSync(join(tmpdir(), 'livent-outbox-cli-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Runs `npm run outbox` as the operator would, against the database in `dir`. */
async function outbox(databaseFile: string, ...args: string[]) {
  return promisify(execFile)(
    process.execPath,
    ['--conditions=source', '--import', 'tsx', CLI, ...args],
    {
      cwd: join(import.meta.dirname, '..'),
      env: { ...process.env, DATABASE_URL: `file:${databaseFile}`, APP_SECRET: TEST_APP_SECRET },
    },
  );
}

describe('npm run outbox', () => {
  it('prints the newest mails with their links, and only those to --to', async () => {
    const file = join(dir, 'mails.db');
    const database = createDatabase(`file:${file}`);
    await migrateToLatest(database.db);
    const mail = (to: string, link: string) => ({
      userId: null,
      to,
      template: 'verify-email',
      language: 'en',
      subject: 'Confirm your email address for Livent',
      text: `Hello,\n\nconfirm here: ${link}\n`,
      html: '<p>Hello</p>',
    });
    await insertMail(database.db, mail('ada@example.com', 'http://x.test/a?token=1'), new Date());
    await insertMail(database.db, mail('bob@example.com', 'http://x.test/b?token=2'), new Date());
    await database.close();

    const all = await outbox(file);
    expect(all.stdout).toContain('queued  to ada@example.com');
    expect(all.stdout).toContain('http://x.test/a?token=1');
    expect(all.stdout).toContain('http://x.test/b?token=2');

    const ada = await outbox(file, '--to', 'Ada@Example.com');
    expect(ada.stdout).toContain('http://x.test/a?token=1');
    expect(ada.stdout).not.toContain('bob@example.com');
  });

  it('says so when the outbox is empty, on a database the server never opened', async () => {
    const { stdout } = await outbox(join(dir, 'new.db'));
    expect(stdout).toBe('The outbox holds no mail.\n');
  });

  it('refuses a limit that is not a positive whole number', async () => {
    await expect(outbox(join(dir, 'new.db'), '--limit', '0')).rejects.toMatchObject({ code: 2 });
  });
});
