import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { insertMail } from '../lib/mailer/outbox.js';

/**
 * One of each kind of an event's viewer data, straight into the tables (the retention pass, the
 * account export and the account deletion tests): a registration and an invitation with their
 * mails, a login by single sign-on, a viewer message with a vote, attendance, an access session,
 * a reminder with its mail, the follow-up's record, a statistics minute and a poll with a vote.
 * Names and addresses carry `tag`, so that a test can look for them anywhere.
 */
export interface SeededViewerData {
  registrationId: string;
  invitationId: string;
  messageId: string;
  mailIds: string[];
}

const AT = '2026-12-01T09:30:00.000Z';

export async function seedViewerData(
  app: FastifyInstance,
  eventId: string,
  tag: string,
): Promise<SeededViewerData> {
  const { db } = app;
  const mail = (to: string, template: string) =>
    insertMail(
      db,
      {
        userId: null,
        to,
        template,
        language: 'en',
        subject: `Hello ${tag}`,
        text: `Dear ${tag}`,
        html: `<p>Dear ${tag}</p>`,
      },
      new Date(AT),
    );
  const registrationId = randomUUID();
  const invitationId = randomUUID();
  const registrantEmail = `registrant-${tag}@example.com`;
  const inviteeEmail = `invitee-${tag}@example.com`;
  const mailIds = [
    await mail(registrantEmail, 'registration'),
    await mail(inviteeEmail, 'invitation'),
    await mail(registrantEmail, 'reminder'),
  ];
  await db
    .insertInto('registrations')
    .values({
      id: registrationId,
      event_id: eventId,
      name: `Registrant ${tag}`,
      email: registrantEmail,
      fields: JSON.stringify({ company: `Company ${tag}` }),
      token: `rtoken-${registrationId}`,
      verified_at: AT,
      mail_id: mailIds[0] ?? null,
      created_at: AT,
    })
    .execute();
  await db
    .insertInto('invitations')
    .values({
      id: invitationId,
      event_id: eventId,
      name: `Invitee ${tag}`,
      email: inviteeEmail,
      username: inviteeEmail,
      password: `password-${tag}`,
      token: `itoken-${invitationId}`,
      mail_id: mailIds[1] ?? null,
      created_at: AT,
    })
    .execute();
  await db
    .insertInto('access_logins')
    .values([
      {
        id: randomUUID(),
        event_id: eventId,
        way: 'cip',
        subject: `sso-subject-${tag}`,
        label: `sso-${tag}@example.com`,
        created_at: AT,
      },
      {
        id: randomUUID(),
        event_id: eventId,
        way: 'registration',
        subject: registrationId,
        label: registrantEmail,
        created_at: AT,
      },
    ])
    .execute();
  const messageId = randomUUID();
  await db
    .insertInto('messages')
    .values({
      id: messageId,
      event_id: eventId,
      channel_id: null,
      kind: 'viewer',
      author_name: `Asker ${tag}`,
      text: `Question from ${tag}`,
      answer: `Answer to ${tag}`,
      created_at: AT,
      updated_at: AT,
      viewer_id: `viewer-${tag}`,
      votes: 1,
    })
    .execute();
  await db
    .insertInto('message_votes')
    .values({ message_id: messageId, viewer_id: `voter-${tag}`, created_at: AT })
    .execute();
  await db
    .insertInto('attendance')
    .values({
      event_id: eventId,
      person_kind: 'registration',
      person_id: registrationId,
      first_join_at: AT,
      last_seen_at: AT,
      minutes: 42,
    })
    .execute();
  await db
    .insertInto('access_sessions')
    .values({
      id: randomUUID(),
      event_id: eventId,
      registration_id: registrationId,
      invitation_id: null,
      created_at: AT,
      last_seen_at: AT,
      ended_at: null,
      end_reason: null,
    })
    .execute();
  await db
    .insertInto('reminder_sends')
    .values({
      event_id: eventId,
      reminder: `60@${AT}`,
      person_kind: 'registration',
      person_id: registrationId,
      mail_id: mailIds[2] ?? null,
      created_at: AT,
    })
    .execute();
  await db
    .insertInto('follow_up_sends')
    .values({ event_id: eventId, sent_at: AT, attended: 1, missed: 1 })
    .execute();
  await db
    .insertInto('stats_minutes')
    .values({
      event_id: eventId,
      minute: '2026-12-01T09:30:00.000Z',
      channel_key: '',
      pageviews: 3,
      uniques: 2,
      viewers: 2,
      playing: 1,
    })
    .execute();
  return { registrationId, invitationId, messageId, mailIds };
}
