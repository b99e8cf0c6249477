import type { Kysely } from 'kysely';

// Reminders are on by default (ADR 065), but an event saved before they existed must not start
// mailing its registrants and invitees because the server was upgraded: its organiser never saw
// the setting. Events whose settings do not name the lists yet get both switched off; their
// organisers turn them on on the reminders screen. Events made from now on start with them on.
const BATCH = 500;

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  let after = '';
  for (;;) {
    const rows = (await db
      .selectFrom('events')
      .select(['id', 'settings'])
      .where('id', '>', after)
      .orderBy('id')
      .limit(BATCH)
      .execute()) as { id: string; settings: string }[];
    if (rows.length === 0) return;
    after = rows.at(-1)!.id;
    for (const row of rows) {
      const settings = JSON.parse(row.settings) as Record<string, unknown>;
      if ('remindRegistrations' in settings || 'remindInvitations' in settings) continue;
      await db
        .updateTable('events')
        .set({
          settings: JSON.stringify({
            ...settings,
            remindRegistrations: false,
            remindInvitations: false,
          }),
        })
        .where('id', '=', row.id)
        .execute();
    }
  }
}
