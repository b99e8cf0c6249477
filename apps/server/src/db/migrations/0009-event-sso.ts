import type { Kysely } from 'kysely';

// Single sign-on of an event's viewers (ADR 026): the OpenID provider the organiser registered
// the event with, one row per event. A table of its own rather than the settings document, so
// that no settings reader can hand out the client secret; the secret is AES-256-GCM encrypted
// with a key derived from APP_SECRET.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('event_sso')
    .addColumn('event_id', 'text', (column) =>
      column.primaryKey().references('events.id').onDelete('cascade'),
    )
    .addColumn('issuer', 'text', (column) => column.notNull().defaultTo(''))
    .addColumn('client_id', 'text', (column) => column.notNull().defaultTo(''))
    // `v1.<iv>.<ciphertext>.<tag>` (base64url), or null for a public client.
    .addColumn('client_secret', 'text')
    .addColumn('scopes', 'text', (column) => column.notNull())
    .addColumn('button_label', 'text', (column) => column.notNull().defaultTo(''))
    .addColumn('updated_at', 'text', (column) => column.notNull())
    .execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('event_sso').execute();
}
