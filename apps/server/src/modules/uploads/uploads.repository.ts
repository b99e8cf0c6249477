import type { Insertable, Kysely, Selectable } from 'kysely';
import type { Database, UploadsTable } from '../../db/schema.js';

export type UploadRow = Selectable<UploadsTable>;
export type StoredImage = Pick<UploadRow, 'content_type' | 'data'>;

export async function insertUpload(
  db: Kysely<Database>,
  upload: Insertable<UploadsTable>,
): Promise<void> {
  await db.insertInto('uploads').values(upload).execute();
}

/** The bytes and type of the image named `name`, e.g. `3f2a….jpg`. */
export async function findUploadByName(
  db: Kysely<Database>,
  name: string,
): Promise<StoredImage | undefined> {
  return db
    .selectFrom('uploads')
    .select(['content_type', 'data'])
    .where('name', '=', name)
    .executeTakeFirst();
}
