/**
 * Coverage of `carclab run --precision` under its own stopping rule, by seeded simulation
 * (`src/tune/coverage.ts`): for each case, the share of simulated runs whose reported interval covers
 * the true value, with its Monte Carlo standard error, and the mean deals played.
 *
 *   npx tsx scripts/precision-coverage.ts [--replicates N] [--seed S] [--case TEXT]   # --case: only the cases whose name contains TEXT
 */
import { intFlag, parseFlags } from '../src/run/flags.ts';
import { isInputError } from '../src/engine/index.ts';
import { COVERAGE_CASES, simulateCoverage, STRESS_CASES } from '../src/tune/coverage.ts';

let replicates: number;
let seed: string;
let only: string;
try {
  const { flags } = parseFlags(process.argv.slice(2), {
    replicates: { type: 'string' },
    seed: { type: 'string' },
    case: { type: 'string' },
  });
  replicates = intFlag(flags.replicates, 'replicates', 4000, 1);
  seed = typeof flags.seed === 'string' ? flags.seed : 'coverage-1';
  only = typeof flags.case === 'string' ? flags.case : '';
} catch (error) {
  if (!isInputError(error)) throw error;
  process.stderr.write(`precision-coverage: ${(error as Error).message}\n`);
  process.exit(2);
}
process.stdout.write(`| case | replicates | coverage [± 2 SE] | mean deals | at the cap |\n|---|---:|---|---:|---:|\n`);
const cases = [
  ...COVERAGE_CASES,
  ...STRESS_CASES.map((c) => ({ ...c, name: `${c.name} (a stress case, not claimed)` })),
];
for (const c of cases.filter((k) => k.name.includes(only))) {
  const r = simulateCoverage(c, replicates, seed);
  const se = Math.sqrt((r.coverage * (1 - r.coverage)) / r.replicates);
  process.stdout.write(
    `| ${r.name} | ${r.replicates} | ${(r.coverage * 100).toFixed(1)} % [± ${(2 * se * 100).toFixed(1)}] | ${Math.round(r.meanDeals).toLocaleString('en')} | ${r.atCap} |\n`,
  );
}
