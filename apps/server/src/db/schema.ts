/**
 * The tables as Kysely sees them. Timestamps are ISO-8601 UTC strings in `text` columns
 * (`new Date().toISOString()`): the same type and ordering on SQLite and PostgreSQL, so one set
 * of repositories serves both dialects.
 */
export interface Database {
  app_meta: AppMetaTable;
}

/** Facts about the installation itself, such as when its schema was created (`created_at`). */
export interface AppMetaTable {
  key: string;
  value: string;
  updated_at: string;
}
