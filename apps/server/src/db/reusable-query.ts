import type { Compilable, CompiledQuery, Kysely } from 'kysely';

/**
 * A text no caller passes as a value: it marks where an argument lands in the compiled query's
 * parameters.
 */
const MARKER = '\u0000livent-reusable-query-argument:';

interface Template {
  sql: string;
  query: CompiledQuery['query'];
  queryId: CompiledQuery['queryId'];
  /** For each parameter: the index of the argument it takes, or -1 for a constant. */
  slots: number[];
  constants: unknown[];
}

export interface ReusableQuery<DB, Args extends string[], Row> {
  execute(db: Kysely<DB>, ...args: Args): Promise<Row[]>;
  executeTakeFirst(db: Kysely<DB>, ...args: Args): Promise<Row | undefined>;
}

/**
 * A hot query built with Kysely once per database and compiled once, then run with new argument
 * values. Kysely otherwise builds its immutable operation tree and compiles it to SQL on every
 * call, which cost about a sixth of a signed-in request's CPU (ADR 020, second pass). The
 * repository still writes the query with the query builder, so both dialects keep their own
 * SQL; only the compilation is shared.
 *
 * `build` receives a marker text in place of each argument and must use every argument as a
 * plain value (`where(column, '=', argument)`), never as SQL text or in a list: `prepare` checks
 * that each marker became a parameter of its own and that none reached the SQL text. Arguments
 * are texts (ids, ISO timestamps) so that the markers have the arguments' type.
 */
export function reusableQuery<DB, Args extends string[], Row>(
  build: (db: Kysely<DB>, ...args: Args) => Compilable<Row>,
): ReusableQuery<DB, Args, Row> {
  // Per database (and per transaction object, which compiles the same SQL once more).
  const templates = new WeakMap<Kysely<DB>, Template>();
  const arity = build.length - 1;

  function template(db: Kysely<DB>): Template {
    let cached = templates.get(db);
    if (!cached) {
      cached = prepare(db, build, arity);
      templates.set(db, cached);
    }
    return cached;
  }

  async function execute(db: Kysely<DB>, ...args: Args): Promise<Row[]> {
    const { sql, query, queryId, slots, constants } = template(db);
    const parameters = slots.map((slot, index) => (slot < 0 ? constants[index] : args[slot]));
    const result = await db.executeQuery<Row>({ sql, query, queryId, parameters });
    return result.rows;
  }

  return {
    execute,
    async executeTakeFirst(db, ...args) {
      return (await execute(db, ...args))[0];
    },
  };
}

function prepare<DB, Args extends string[], Row>(
  db: Kysely<DB>,
  build: (db: Kysely<DB>, ...args: Args) => Compilable<Row>,
  arity: number,
): Template {
  const markers = Array.from({ length: arity }, (_, index) => `${MARKER}${index}`);
  const compiled = build(db, ...(markers as Args)).compile();
  if (compiled.sql.includes(MARKER)) {
    throw new Error('reusableQuery: an argument became SQL text instead of a parameter');
  }
  const slots = compiled.parameters.map((parameter) =>
    typeof parameter === 'string' && parameter.startsWith(MARKER) ? markers.indexOf(parameter) : -1,
  );
  for (let index = 0; index < arity; index += 1) {
    if (!slots.includes(index)) {
      throw new Error(`reusableQuery: argument ${index + 1} is not a parameter of the query`);
    }
  }
  return {
    sql: compiled.sql,
    query: compiled.query,
    queryId: compiled.queryId,
    slots,
    constants: [...compiled.parameters],
  };
}
