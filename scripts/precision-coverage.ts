/**
 * Coverage of `carclab run --precision` under its own stopping rule, by seeded simulation
 * (`src/tune/coverage.ts`): for each case, the share of simulated runs whose reported interval covers
 * the true value, with its Monte Carlo standard error, and the mean deals played.
 *
 *   npx tsx scripts/precision-coverage.ts [--replicates N] [--seed S] [--case TEXT]   # --case: only the cases whose name contains TEXT
 */
import { parseArgs } from 'node:util';
import { COVERAGE_CASES, simulateCoverage, STRESS_CASES } from '../src/tune/coverage.ts';

const { values } = parseArgs({
  options: {
    replicates: { type: 'string', default: '4000' },
    seed: { type: 'string', default: 'coverage-1' },
    case: { type: 'string', default: '' },
  },
});
const replicates = Number(values.replicates);
if (!Number.isInteger(replicates) || replicates < 1) {
  process.stderr.write(`--replicates must be a whole number ≥ 1, got ${JSON.stringify(values.replicates)}\n`);
  process.exit(2);
}
process.stdout.write(`| case | replicates | coverage [± 2 SE] | mean deals | at the cap |\n|---|---:|---|---:|---:|\n`);
const cases = [
  ...COVERAGE_CASES,
  ...STRESS_CASES.map((c) => ({ ...c, name: `${c.name} (a stress case, not claimed)` })),
];
for (const c of cases.filter((k) => k.name.includes(values.case!))) {
  const r = simulateCoverage(c, replicates, values.seed!);
  const se = Math.sqrt((r.coverage * (1 - r.coverage)) / r.replicates);
  process.stdout.write(
    `| ${r.name} | ${r.replicates} | ${(r.coverage * 100).toFixed(1)} % [± ${(2 * se * 100).toFixed(1)}] | ${Math.round(r.meanDeals).toLocaleString('en')} | ${r.atCap} |\n`,
  );
}
