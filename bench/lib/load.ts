import autocannon from 'autocannon';
import { recordResult } from './summary.js';

export interface LoadResult {
  requestsPerSecond: number;
  /** Requests answered in the run. */
  total: number;
  p99Ms: number;
  non2xx: number;
  errors: number;
}

export async function load(
  url: string,
  options: {
    connections?: number;
    seconds?: number;
    headers?: Record<string, string>;
    /** More of autocannon's options: a method and body, per-request setup, a fixed amount. */
    extra?: Partial<autocannon.Options>;
  } = {},
): Promise<LoadResult> {
  const result = await autocannon({
    url,
    connections: options.connections ?? 50,
    duration: options.seconds ?? 5,
    headers: options.headers,
    ...options.extra,
  });
  return {
    requestsPerSecond: result.requests.average,
    total: result.requests.total,
    p99Ms: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors,
  };
}

const median = (values: number[]): number => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
};

/**
 * Measures a target against its baseline in alternating rounds, because these machines are
 * noisy: only the ratio of medians measured in the same run means something.
 */
export async function compare(
  baselineUrl: string,
  targetUrl: string,
  rounds = 3,
  options: Parameters<typeof load>[1] = {},
): Promise<{ baseline: LoadResult; target: LoadResult; ratio: number }> {
  await load(baselineUrl, { ...options, seconds: 1 }); // warm-up
  await load(targetUrl, { ...options, seconds: 1 });
  const baselines: LoadResult[] = [];
  const targets: LoadResult[] = [];
  for (let round = 0; round < rounds; round += 1) {
    baselines.push(await load(baselineUrl, options));
    targets.push(await load(targetUrl, options));
  }
  const pick = (results: LoadResult[]): LoadResult => ({
    requestsPerSecond: median(results.map((r) => r.requestsPerSecond)),
    total: results.reduce((sum, r) => sum + r.total, 0),
    p99Ms: median(results.map((r) => r.p99Ms)),
    non2xx: results.reduce((sum, r) => sum + r.non2xx, 0),
    errors: results.reduce((sum, r) => sum + r.errors, 0),
  });
  const baseline = pick(baselines);
  const target = pick(targets);
  return { baseline, target, ratio: target.requestsPerSecond / baseline.requestsPerSecond };
}

/**
 * Prints a comparison and records it for the suite's table (bench/lib/summary.ts): the ratio of
 * throughputs, Livent's p99, the budget. `label` names the table's row (by default `name` up to
 * its first bracket); `p99BudgetMs` adds a p99 budget to the row.
 */
export function report(
  name: string,
  result: Awaited<ReturnType<typeof compare>>,
  budget?: number,
  options: { label?: string; p99BudgetMs?: number } = {},
): boolean {
  const line = (label: string, r: LoadResult) =>
    `  ${label.padEnd(22)} ${r.requestsPerSecond.toFixed(0).padStart(8)} req/s   p99 ${String(r.p99Ms).padStart(4)} ms   non-2xx ${r.non2xx}   errors ${r.errors}`;
  console.log(`\n${name}`);
  console.log(line('bare node:http', result.baseline));
  console.log(line('livent', result.target));
  const withinBudget = budget === undefined || result.ratio >= budget;
  console.log(
    `  ratio ${result.ratio.toFixed(2)}${budget === undefined ? '' : ` (budget >= ${budget}: ${withinBudget ? 'met' : 'NOT met'})`}`,
  );
  const failures = result.target.non2xx + result.target.errors;
  recordResult({
    name: options.label ?? name.split(' (')[0] ?? name,
    value: result.ratio,
    unit: 'x bare',
    p99Ms: result.target.p99Ms,
    ...(budget === undefined && options.p99BudgetMs === undefined
      ? {}
      : { budget: { atLeast: budget, p99BelowMs: options.p99BudgetMs } }),
    note: `${result.target.requestsPerSecond.toFixed(0)} vs ${result.baseline.requestsPerSecond.toFixed(0)} req/s${failures > 0 ? `; ${result.target.non2xx} non-2xx, ${result.target.errors} errors` : ''}`,
  });
  return withinBudget;
}

/**
 * The server's CPU time per answered request over one more run, from /proc: unlike throughput,
 * it hardly depends on what else the machine is doing.
 */
export async function cpuPerRequest(
  server: { cpuMs(): number | undefined },
  url: string,
  headers: Record<string, string>,
  /** autocannon's own options, e.g. `requests` for a POST with a body per request. */
  extra?: Partial<autocannon.Options>,
): Promise<number | undefined> {
  // A server's first second includes compiling its hot paths.
  await load(url, { headers, seconds: 1, extra });
  const before = server.cpuMs();
  const run = await load(url, { headers, seconds: 3, extra });
  const after = server.cpuMs();
  if (before === undefined || after === undefined || run.total === 0) return undefined;
  return ((after - before) * 1000) / run.total;
}

/**
 * One line of CPU per request, each against the first (the bare baseline). With `label`, the last
 * row (Livent) also goes into the suite's table, the others as its note.
 */
export function reportCpu(
  rows: Array<[label: string, micros: number | undefined]>,
  label?: string,
): void {
  const base = rows[0]?.[1];
  console.log('  server CPU per request (from /proc):');
  for (const [label, micros] of rows) {
    if (micros === undefined) continue;
    const ratio = base === undefined ? '' : `   ratio ${(base / micros).toFixed(2)}`;
    console.log(`    ${label.padEnd(44)} ${micros.toFixed(0).padStart(5)} µs${ratio}`);
  }
  const last = rows.at(-1)?.[1];
  if (label && last !== undefined) {
    recordResult({
      name: label,
      value: last,
      unit: 'µs CPU',
      note: rows
        .slice(0, -1)
        .flatMap(([name, micros]) => (micros === undefined ? [] : [`${name} ${micros.toFixed(0)}`]))
        .join('; '),
    });
  }
}
