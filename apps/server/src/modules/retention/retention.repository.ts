import { ANONYMISED_EMAIL_PREFIX, type RetentionMode } from '@livent/shared';
import { sql, type ExpressionBuilder, type Kysely, type Transaction } from 'kysely';
import type { Database } from '../../db/schema.js';

/** An event as the retention pass reads it, with its owner's time zone. */
export interface RetentionCandidate {
  id: string;
  owner_id: string;
  title: string;
  slug: string;
  settings: string;
  updated_at: string;
  owner_time_zone: string;
}

/** One page of events after `afterId` in id order (the pass reads them a page at a time). */
export async function eventsAfter(
  db: Kysely<Database>,
  afterId: string,
  limit: number,
): Promise<RetentionCandidate[]> {
  return db
    .selectFrom('events')
    .innerJoin('users', 'users.id', 'events.owner_id')
    .select([
      'events.id',
      'events.owner_id',
      'events.title',
      'events.slug',
      'events.settings',
      'events.updated_at',
      'users.timezone as owner_time_zone',
    ])
    .where('events.id', '>', afterId)
    .orderBy('events.id')
    .limit(limit)
    .execute();
}

/**
 * Takes the event for this run: writes its last run unless another run took it since
 * `takenSince`. In the run's transaction, so that a second instance at once waits for it and
 * then finds the event taken.
 */
export async function claimEvent(
  trx: Transaction<Database>,
  eventId: string,
  now: string,
  takenSince: string,
): Promise<boolean> {
  const row = await trx
    .insertInto('event_retention')
    .values({ event_id: eventId, last_run_at: now })
    .onConflict((conflict) =>
      conflict
        .column('event_id')
        .doUpdateSet({ last_run_at: now })
        .where('event_retention.last_run_at', '<', takenSince),
    )
    .returning('event_id')
    .executeTakeFirst();
  return row !== undefined;
}

/** What one run deleted or anonymised of an event (the audit entry's details). */
export interface RetentionCounts {
  registrations: number;
  invitations: number;
  logins: number;
  messages: number;
  attendance: number;
  accessSessions: number;
  reminderSends: number;
  mails: number;
}

const count = (result: { numDeletedRows?: bigint; numUpdatedRows?: bigint }) =>
  Number(result.numDeletedRows ?? result.numUpdatedRows ?? 0n);

/**
 * The outbox mails to the event's registrants and invitees (their last mail and the reminders):
 * they carry names, addresses and personal links. Deleted in both modes.
 */
export async function deletePeoplesMails(
  trx: Transaction<Database>,
  eventId: string,
): Promise<number> {
  const result = await trx
    .deleteFrom('mails')
    .where('user_id', 'is', null)
    .where((eb) =>
      eb.or([
        eb(
          'id',
          'in',
          eb.selectFrom('registrations').select('mail_id').where('event_id', '=', eventId),
        ),
        eb(
          'id',
          'in',
          eb.selectFrom('invitations').select('mail_id').where('event_id', '=', eventId),
        ),
        eb(
          'id',
          'in',
          eb.selectFrom('reminder_sends').select('mail_id').where('event_id', '=', eventId),
        ),
      ]),
    )
    .executeTakeFirst();
  return count(result);
}

/** Deletes the viewers' data of the event; statistics and the follow-up's counts stay. */
async function deleteViewerData(
  trx: Transaction<Database>,
  eventId: string,
): Promise<RetentionCounts> {
  const mails = await deletePeoplesMails(trx, eventId);
  const del = async (
    table: 'reminder_sends' | 'attendance' | 'access_sessions' | 'access_logins',
  ) => count(await trx.deleteFrom(table).where('event_id', '=', eventId).executeTakeFirst());
  const reminderSends = await del('reminder_sends');
  const attendance = await del('attendance');
  const accessSessions = await del('access_sessions');
  const logins = await del('access_logins');
  const messages = count(
    await trx
      .deleteFrom('messages')
      .where('event_id', '=', eventId)
      .where('kind', '=', 'viewer')
      .executeTakeFirst(),
  );
  const registrations = count(
    await trx.deleteFrom('registrations').where('event_id', '=', eventId).executeTakeFirst(),
  );
  const invitations = count(
    await trx.deleteFrom('invitations').where('event_id', '=', eventId).executeTakeFirst(),
  );
  return {
    registrations,
    invitations,
    logins,
    messages,
    attendance,
    accessSessions,
    reminderSends,
    mails,
  };
}

/**
 * Keeps the rows (so the lists' counts, attendance minutes and message counts stay) but removes
 * what names or reaches the person: names, addresses, free text, personal links and passwords,
 * the viewer cookie ids. Rows already anonymised are not counted again.
 */
async function anonymiseViewerData(
  trx: Transaction<Database>,
  eventId: string,
): Promise<RetentionCounts> {
  const mails = await deletePeoplesMails(trx, eventId);
  // `anonymised-<id>`: no address, and unique as the lists' addresses must be.
  const placeholder = sql<string>`cast(${ANONYMISED_EMAIL_PREFIX} as text) || id`;
  const notYet = (eb: ExpressionBuilder<Database, 'registrations' | 'invitations'>) =>
    eb('email', 'not like', `${ANONYMISED_EMAIL_PREFIX}%`);
  const registrations = count(
    await trx
      .updateTable('registrations')
      .set({ name: '', email: placeholder, fields: '{}', token: placeholder })
      .where('event_id', '=', eventId)
      .where(notYet)
      .executeTakeFirst(),
  );
  const invitations = count(
    await trx
      .updateTable('invitations')
      .set((eb) => ({
        name: '',
        email: placeholder,
        username: placeholder,
        password: '',
        token: placeholder,
        access_version: eb('access_version', '+', 1),
      }))
      .where('event_id', '=', eventId)
      .where(notYet)
      .executeTakeFirst(),
  );
  // The label names the person; a code's viewer id and a single sign-on subject (who they are
  // at their provider) are replaced by the row's own id.
  const pseudonymous = ['cip', 'code'];
  const logins = count(
    await trx
      .updateTable('access_logins')
      .set((eb) => ({
        label: '',
        subject: eb
          .case()
          .when('way', 'in', pseudonymous)
          .then(eb.ref('id'))
          .else(eb.ref('subject'))
          .end(),
      }))
      .where('event_id', '=', eventId)
      .where((eb) =>
        eb.or([
          eb('label', '!=', ''),
          eb.and([eb('way', 'in', pseudonymous), eb('subject', '!=', eb.ref('id'))]),
        ]),
      )
      .executeTakeFirst(),
  );
  await trx
    .deleteFrom('message_votes')
    .where((eb) =>
      eb(
        'message_id',
        'in',
        eb
          .selectFrom('messages')
          .select('id')
          .where('event_id', '=', eventId)
          .where('kind', '=', 'viewer'),
      ),
    )
    .execute();
  const messages = count(
    await trx
      .updateTable('messages')
      .set((eb) => ({
        author_name: '',
        text: '',
        answer: eb.case().when('answer', 'is', null).then(null).else('').end(),
        viewer_id: null,
        idempotency_key: null,
      }))
      .where('event_id', '=', eventId)
      .where('kind', '=', 'viewer')
      .where((eb) =>
        eb.or([eb('author_name', '!=', ''), eb('text', '!=', ''), eb('viewer_id', 'is not', null)]),
      )
      .executeTakeFirst(),
  );
  return {
    registrations,
    invitations,
    logins,
    messages,
    // Attendance, sessions and reminder rows name no one once the people are anonymised.
    attendance: 0,
    accessSessions: 0,
    reminderSends: 0,
    mails,
  };
}

export function applyRetention(
  trx: Transaction<Database>,
  eventId: string,
  mode: RetentionMode,
): Promise<RetentionCounts> {
  return mode === 'delete' ? deleteViewerData(trx, eventId) : anonymiseViewerData(trx, eventId);
}
