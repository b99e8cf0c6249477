// The results every bench prints, also as one JSON line each in the file named by
// BENCH_SUMMARY_FILE, from which `npm run bench` (scripts/bench.mjs) prints one table at the end.
// A bench run on its own (no BENCH_SUMMARY_FILE) records nothing.
import { appendFileSync } from 'node:fs';
import { basename } from 'node:path';

/** A budget: the value at least, below or at most a figure; a p99 below a figure. */
export interface Budget {
  atLeast?: number;
  below?: number;
  atMost?: number;
  p99BelowMs?: number;
}

export interface ResultInput {
  /** The row's name in the table: short, what was measured. */
  name: string;
  value: number;
  /** How to read the value: `x bare` for a ratio against bare node:http, `s`, `KB`, `score`… */
  unit: string;
  p99Ms?: number;
  budget?: Budget;
  /** For a budget that is no figure (every hit counted, no errors): whether it was met. */
  met?: boolean;
  /** The budget in words when it is no figure. */
  budgetText?: string;
  /** A few words the table prints after the row (the baselines' figures, a reason). */
  note?: string;
}

/** One JSON line of the summary file. */
export interface RecordedResult {
  bench: string;
  name: string;
  value: number;
  unit: string;
  p99Ms?: number;
  budget?: string;
  /** Undefined for an informative row without a budget. */
  met?: boolean;
  note?: string;
}

function budgetText(budget: Budget | undefined, unit: string): string | undefined {
  if (!budget) return undefined;
  const suffix = unit === 'x bare' || unit === 'score' ? '' : ` ${unit}`;
  const parts: string[] = [];
  if (budget.atLeast !== undefined) parts.push(`>= ${budget.atLeast}${suffix}`);
  if (budget.below !== undefined) parts.push(`< ${budget.below}${suffix}`);
  if (budget.atMost !== undefined) parts.push(`<= ${budget.atMost}${suffix}`);
  if (budget.p99BelowMs !== undefined) parts.push(`p99 < ${budget.p99BelowMs} ms`);
  return parts.join(', ');
}

/** Whether the figures meet the budget; undefined when there is none. */
export function meets(input: ResultInput): boolean | undefined {
  const { budget, value, p99Ms } = input;
  if (!budget && input.met === undefined) return undefined;
  let met = input.met ?? true;
  if (budget?.atLeast !== undefined) met &&= value >= budget.atLeast;
  if (budget?.below !== undefined) met &&= value < budget.below;
  if (budget?.atMost !== undefined) met &&= value <= budget.atMost;
  if (budget?.p99BelowMs !== undefined) met &&= p99Ms !== undefined && p99Ms < budget.p99BelowMs;
  return met;
}

/**
 * Appends one result to BENCH_SUMMARY_FILE (when set) and answers whether it met its budget.
 * The bench is named by its script's file (`public-page` for bench/public-page.bench.ts).
 */
export function recordResult(input: ResultInput): boolean | undefined {
  const met = meets(input);
  const file = process.env.BENCH_SUMMARY_FILE;
  if (file) {
    const line: RecordedResult = {
      bench: basename(process.argv[1] ?? 'bench').replace(/\.bench\.ts$|\.ts$/, ''),
      name: input.name,
      value: input.value,
      unit: input.unit,
      ...(input.p99Ms === undefined ? {} : { p99Ms: input.p99Ms }),
      ...((input.budgetText ?? budgetText(input.budget, input.unit))
        ? { budget: input.budgetText ?? budgetText(input.budget, input.unit) }
        : {}),
      ...(met === undefined ? {} : { met }),
      ...(input.note ? { note: input.note } : {}),
    };
    appendFileSync(file, `${JSON.stringify(line)}\n`);
  }
  return met;
}
