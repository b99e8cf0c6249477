import type { Readable } from 'node:stream';
import {
  ERROR_MESSAGES,
  hasFeature,
  LOGIN_WAYS,
  type Language,
  type AccessLogin,
  type AccessLoginsPage,
  type LoginWay,
} from '@livent/shared';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { Clock } from '../../lib/clock.js';
import { csvStream } from '../../lib/csv.js';
import { forbidden } from '../../lib/errors.js';
import { SERVER_RESOURCES } from '../../lib/i18n/i18n.js';
import type { AuthContext } from '../auth/index.js';
import { ownerPlanOf } from '../plans/index.js';
import { requireEventRole } from '../events/index.js';
import {
  listLogins,
  listLoginsInBatches,
  type LoginRow,
  type LoginsFilter,
} from './logins.repository.js';

/** The export's cap: a bound on one request's work. */
export const LOGINS_EXPORT_MAX = 200_000;
const EXPORT_BATCH = 1_000;

export interface LoginsDependencies {
  db: Kysely<Database>;
  now: Clock;
}

/** The organiser's login list of an event (ADR 026), on plans with CUSTOM_ACCESS. */
export class LoginsService {
  constructor(private readonly deps: LoginsDependencies) {}

  async list(
    auth: AuthContext,
    eventId: string,
    query: LoginsFilter & { page: number; pageSize: number },
  ): Promise<AccessLoginsPage> {
    const event = await this.requireFeature(auth, eventId);
    const { rows, total } = await listLogins(this.deps.db, event.id, query);
    return { results: rows.map(toLogin), page: query.page, pageSize: query.pageSize, total };
  }

  /** The filtered logins as CSV in the user's delimiter, newest first (streamed). */
  async export(
    auth: AuthContext,
    eventId: string,
    filter: LoginsFilter,
    language: Language,
  ): Promise<{ filename: string; body: Readable }> {
    const event = await this.requireFeature(auth, eventId);
    const labels = SERVER_RESOURCES[language].exports.logins;
    const columns = [
      { key: 'createdAt', header: labels.columns.createdAt },
      { key: 'way', header: labels.columns.way },
      { key: 'label', header: labels.columns.label },
    ];
    const rows = listLoginsInBatches(
      this.deps.db,
      event.id,
      filter,
      EXPORT_BATCH,
      LOGINS_EXPORT_MAX,
    );
    return {
      filename: `logins-${event.slug}.csv`,
      body: csvStream(
        (async function* records() {
          for await (const row of rows) {
            const login = toLogin(row);
            yield { createdAt: login.createdAt, way: labels.way[login.way], label: login.label };
          }
        })(),
        { delimiter: auth.user.csv_delimiter, columns },
      ),
    };
  }

  /** The event for its owner or editor; 403 when the owner's plan lacks CUSTOM_ACCESS. */
  private async requireFeature(auth: AuthContext, eventId: string) {
    const event = await requireEventRole(this.deps.db, auth, eventId);
    if (!hasFeature(ownerPlanOf(event, this.deps.now()).allowance, 'CUSTOM_ACCESS')) {
      throw forbidden(ERROR_MESSAGES.featureNotAvailable);
    }
    return event;
  }
}

function toLogin(row: LoginRow): AccessLogin {
  const way = (LOGIN_WAYS as readonly string[]).includes(row.way) ? (row.way as LoginWay) : 'code';
  return { id: row.id, way, label: row.label, createdAt: row.created_at };
}
