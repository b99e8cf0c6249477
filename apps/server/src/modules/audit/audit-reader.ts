import type { Readable } from 'node:stream';
import {
  AUDIT_ACTIONS,
  AUDIT_EXPORT_MAX,
  AUDIT_VIAS,
  auditGroupOf,
  type AuditAction,
  type AuditEntry,
  type AuditGroup,
  type AuditPage,
  type Language,
} from '@livent/shared';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { csvStream } from '../../lib/csv.js';
import { SERVER_RESOURCES } from '../../lib/i18n/i18n.js';
import type { AuthContext } from '../auth/index.js';
import { requireEventRole } from '../events/index.js';
import {
  listAuditEntries,
  listAuditEntriesInBatches,
  type AuditRow,
  type AuditScope,
} from './audit.repository.js';

const EXPORT_BATCH = 1_000;

/** What narrows the log: an action group and a search. */
export interface AuditFilter {
  group?: AuditGroup | undefined;
  q?: string | undefined;
}

export interface AuditListQuery extends AuditFilter {
  page: number;
  pageSize: number;
}

/**
 * The audit log's reading side (docs/decisions/069-audit-log.md): an event's entries for whoever
 * may administer it (its owner and the accounts it is shared with, like every other route of its
 * admin screen), and an account's own entries, events' included; both newest first, paged, and
 * as CSV. Not for users: it lives apart from `AuditLog` so that the writers' face imports no
 * other module.
 */
export class AuditReader {
  constructor(private readonly deps: { db: Kysely<Database> }) {}

  async eventLog(auth: AuthContext, eventId: string, query: AuditListQuery): Promise<AuditPage> {
    const event = await requireEventRole(this.deps.db, auth, eventId);
    return this.page({ eventId: event.id }, query);
  }

  async accountLog(auth: AuthContext, query: AuditListQuery): Promise<AuditPage> {
    return this.page({ accountId: auth.user.id }, query);
  }

  async eventExport(auth: AuthContext, eventId: string, filter: AuditFilter, language: Language) {
    const event = await requireEventRole(this.deps.db, auth, eventId);
    return this.export({ eventId: event.id }, filter, auth, language, `audit-${event.slug}.csv`);
  }

  async accountExport(auth: AuthContext, filter: AuditFilter, language: Language) {
    return this.export({ accountId: auth.user.id }, filter, auth, language, 'audit-account.csv');
  }

  private async page(scope: AuditScope, query: AuditListQuery): Promise<AuditPage> {
    const { rows, total } = await listAuditEntries(this.deps.db, scope, {
      ...query,
      actions: actionsOf(query.group),
    });
    return { results: rows.map(toEntry), page: query.page, pageSize: query.pageSize, total };
  }

  private export(
    scope: AuditScope,
    filter: AuditFilter,
    auth: AuthContext,
    language: Language,
    filename: string,
  ): { filename: string; body: Readable } {
    const labels = SERVER_RESOURCES[language].exports.audit;
    const columns = (
      ['createdAt', 'actor', 'via', 'action', 'event', 'details', 'ip'] as const
    ).map((key) => ({ key, header: labels.columns[key] }));
    const rows = listAuditEntriesInBatches(
      this.deps.db,
      scope,
      { q: filter.q, actions: actionsOf(filter.group) },
      EXPORT_BATCH,
      AUDIT_EXPORT_MAX,
    );
    return {
      filename,
      body: csvStream(
        (async function* records() {
          for await (const row of rows) {
            const entry = toEntry(row);
            yield {
              createdAt: entry.createdAt,
              actor: entry.actor,
              via: labels.via[entry.via],
              action: entry.action,
              event: entry.eventTitle ?? entry.eventId ?? '',
              details: detailsText(entry.details),
              ip: entry.ip ?? '',
            };
          }
        })(),
        { delimiter: auth.user.csv_delimiter, columns },
      ),
    };
  }
}

function actionsOf(group: AuditGroup | undefined): AuditAction[] | undefined {
  return group ? AUDIT_ACTIONS.filter((action) => auditGroupOf(action) === group) : undefined;
}

function toEntry(row: AuditRow): AuditEntry {
  const details = JSON.parse(row.details) as Record<string, unknown>;
  return {
    id: row.id,
    createdAt: row.created_at,
    // Names of another version of Livent are shown as they are rather than failing the page.
    action: row.action as AuditAction,
    eventId: row.event_id,
    eventTitle: eventTitleOf(row, details),
    actor: row.actor,
    via: (AUDIT_VIAS as readonly string[]).includes(row.via)
      ? (row.via as AuditEntry['via'])
      : 'system',
    details,
    ip: row.ip,
  };
}

/** The event's title now, else the one its entry kept (a deleted event's). */
function eventTitleOf(row: AuditRow, details: Record<string, unknown>): string | null {
  if (row.event_id === null) return null;
  if (row.event_title !== null) return row.event_title;
  return typeof details.title === 'string' ? details.title : null;
}

/** Details as a line of text: `field: from → to` per change, else `key: value` per fact. */
export function detailsText(details: Record<string, unknown>): string {
  const changes = details.changes;
  const parts = Array.isArray(changes)
    ? (changes as { field: string; from: unknown; to: unknown }[]).map(
        (change) => `${change.field}: ${text(change.from)} → ${text(change.to)}`,
      )
    : Object.entries(details).map(([key, value]) => `${key}: ${text(value)}`);
  return parts.join('; ');
}

function text(value: unknown): string {
  if (value === null || value === undefined) return '—';
  return typeof value === 'string' ? value : JSON.stringify(value);
}
