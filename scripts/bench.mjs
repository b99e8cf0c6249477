// `npm run bench [name]`: builds what is stale, then runs each benchmark in bench/ one after
// another (only those whose file name contains `name`, when given), and ends with one table of
// every result the benches recorded (bench/lib/summary.ts): the measured value (a ratio against
// bare node:http measured in the same run, or an absolute figure), the p99 where there is one,
// the budget and whether it was met.
//
// The exit status says whether every bench ran and answered correctly, not whether the timing
// budgets were met. A bench fails (exits non-zero) when it cannot run or what it measures is
// wrong: error answers other than those it allows, hits not counted, an accessibility score
// below 100, JavaScript over its size budget. Timings (ratios, p99s, seconds, Lighthouse's
// performance score) and memory figures are reported, met or NOT met, and never fail the run: on
// a shared machine they measure the neighbours as much as Livent (ADR 029), and a resident size
// moves with the garbage collector; they are read on a quiet machine.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { WORKSPACES, isStale } from './build-state.mjs';

if (WORKSPACES.some((workspace) => isStale(workspace))) {
  const build = spawnSync('npm', ['run', 'build'], { stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

const only = process.argv[2];
const benches = readdirSync('bench')
  .filter((f) => f.endsWith('.bench.ts') && (!only || f.includes(only)))
  .sort();
if (benches.length === 0) {
  console.error(`no bench in bench/ matches "${only}"`);
  process.exit(2);
}

const dir = mkdtempSync(join(tmpdir(), 'livent-bench-summary-'));
const summaryFile = join(dir, 'results.jsonl');
const failed = [];
for (const file of benches) {
  console.log(`\n=== ${file}`);
  const result = spawnSync(process.execPath, ['--import', 'tsx', `bench/${file}`], {
    stdio: 'inherit',
    env: { ...process.env, BENCH_SUMMARY_FILE: summaryFile },
  });
  if (result.status !== 0) failed.push({ file, status: result.status ?? result.signal });
}

let rows = [];
try {
  rows = readFileSync(summaryFile, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line));
} catch {
  // no bench recorded anything
}
rmSync(dir, { recursive: true, force: true });

/** A figure with as many digits as its size needs. */
function figure(value, unit) {
  if (!Number.isFinite(value)) return '-';
  const digits =
    unit === 'x bare'
      ? 2
      : Number.isInteger(value) || Math.abs(value) >= 100
        ? 0
        : Math.abs(value) >= 10
          ? 1
          : 2;
  const number = value.toFixed(digits);
  return unit === 'x bare' ? `${number} x bare` : `${number} ${unit}`;
}

const table = rows.map((row) => [
  row.bench,
  row.name,
  figure(row.value, row.unit),
  row.p99Ms === undefined ? '' : `${Number(row.p99Ms).toFixed(1)} ms`,
  row.budget ?? '',
  row.met === undefined ? '' : row.met ? 'met' : 'NOT met',
  row.note ?? '',
]);
for (const { file, status } of failed) {
  table.push([
    file.replace(/\.bench\.ts$/, ''),
    'the bench',
    'FAILED',
    '',
    '',
    `exit ${status}`,
    '',
  ]);
}
const header = ['bench', 'result', 'value', 'p99', 'budget', 'status', 'note'];
const widths = header.map((title, column) =>
  Math.max(title.length, ...table.map((row) => String(row[column]).length)),
);
// The note is last and not padded: it may be long.
const format = (row) =>
  row
    .map((cell, column) => (column === row.length - 1 ? cell : String(cell).padEnd(widths[column])))
    .join('  ')
    .trimEnd();
let load = '';
try {
  load = ` (load average ${readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ')})`;
} catch {
  // not Linux
}
console.log(`\n=== Summary${load}\n`);
console.log(format(header));
console.log(format(widths.map((width) => '-'.repeat(width))));
for (const row of table) console.log(format(row));
const missed = rows.filter((row) => row.met === false).length;
console.log(
  `\n${benches.length - failed.length} of ${benches.length} benches ran correctly; ${missed} budget${missed === 1 ? '' : 's'} NOT met (timings are reported, not asserted).`,
);
process.exit(failed.length > 0 ? 1 : 0);
