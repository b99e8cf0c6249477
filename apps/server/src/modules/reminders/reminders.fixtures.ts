import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { insertMail } from '../../lib/mailer/outbox.js';

/** Registrations and invitations written straight to the database (the reminders' guests). */

let counter = 0;

export async function insertRegistration(
  app: FastifyInstance,
  eventId: string,
  guest: { name: string; email: string; verified?: boolean; language?: string | null },
): Promise<string> {
  counter += 1;
  const id = randomUUID();
  await app.db
    .insertInto('registrations')
    .values({
      id,
      event_id: eventId,
      name: guest.name,
      email: guest.email,
      token: `r${String(counter)}-${id}`,
      verified_at: guest.verified === false ? null : '2026-11-01T00:00:00.000Z',
      mail_id: null,
      created_at: new Date(Date.UTC(2026, 10, 1) + counter).toISOString(),
      language: guest.language ?? null,
    })
    .execute();
  return id;
}

export async function insertInvitation(
  app: FastifyInstance,
  eventId: string,
  guest: { name: string; email: string; mailed?: boolean; language?: string | null },
): Promise<string> {
  counter += 1;
  const id = randomUUID();
  const mailId =
    guest.mailed === false
      ? null
      : await insertMail(
          app.db,
          {
            userId: null,
            to: guest.email,
            template: 'invitation',
            language: 'en',
            subject: 'Your invitation',
            text: 'Invited',
            html: '<p>Invited</p>',
          },
          new Date(),
        );
  await app.db
    .insertInto('invitations')
    .values({
      id,
      event_id: eventId,
      name: guest.name,
      email: guest.email,
      username: guest.email,
      password: 'secret-password',
      token: `i${String(counter)}-${id}`,
      mail_id: mailId,
      created_at: new Date(Date.UTC(2026, 10, 1) + counter).toISOString(),
      language: guest.language ?? null,
    })
    .execute();
  return id;
}

export async function insertAttendance(
  app: FastifyInstance,
  eventId: string,
  person: { kind: 'registration' | 'invitation'; id: string; minutes: number },
): Promise<void> {
  await app.db
    .insertInto('attendance')
    .values({
      event_id: eventId,
      person_kind: person.kind,
      person_id: person.id,
      first_join_at: '2026-12-01T09:00:00.000Z',
      last_seen_at: '2026-12-01T09:30:00.000Z',
      minutes: person.minutes,
    })
    .execute();
}
