/**
 * Every seeded coverage simulation of issue 36 in one table: the share of simulated data sets whose
 * interval (or answer set) holds the truth, with its Monte Carlo standard error, beside the nominal
 * level. `--precision` under its stop (`src/tune/coverage.ts`: the rare, lumpy `score.labyrinth`),
 * `tune`'s answer set (`src/tune/search-coverage.ts`), and the report's intervals
 * (`src/report/coverage.ts`: the independent-games reference, a perfect record's bound, a level's
 * share of 0 or n of n, a change between two perfect records). The tests in `test/stats/` run the
 * same cases with fewer replicates.
 *
 *   npx tsx scripts/coverage.ts [--replicates N] [--seed S]
 */
import { parseArgs } from 'node:util';
import { REPORT_COVERAGE_CHECKS } from '../src/report/coverage.ts';
import type { CoverageFigure } from '../src/report/coverage.ts';
import { COVERAGE_CASES, simulateCoverage } from '../src/tune/coverage.ts';
import { SEARCH_COVERAGE_CASES, simulateSearchCoverage } from '../src/tune/search-coverage.ts';

const { values } = parseArgs({
  options: { replicates: { type: 'string', default: '4000' }, seed: { type: 'string', default: 'coverage-1' } },
});
const replicates = Number(values.replicates);
if (!Number.isInteger(replicates) || replicates < 1) {
  process.stderr.write(`--replicates must be a whole number ≥ 1, got ${JSON.stringify(values.replicates)}\n`);
  process.exit(2);
}
const seed = values.seed!;

const row = (item: string, f: CoverageFigure) => {
  const se = Math.sqrt((f.coverage * (1 - f.coverage)) / f.replicates);
  process.stdout.write(
    `| ${item} | ${f.name} | ${f.nominal * 100} % | ${(f.coverage * 100).toFixed(1)} % [± ${(2 * se * 100).toFixed(1)}] | ${f.replicates} |\n`,
  );
};

process.stdout.write('| item | case | nominal | coverage [± 2 SE] | replicates |\n|---|---|---:|---|---:|\n');
for (const c of COVERAGE_CASES.filter((k) => k.metric === 'score.labyrinth')) {
  const r = simulateCoverage(c, replicates, seed);
  row('1 `--precision`', { name: c.name, nominal: 0.95, replicates, covered: r.covered, coverage: r.coverage });
}
for (const c of SEARCH_COVERAGE_CASES) {
  const r = await simulateSearchCoverage(c, replicates, seed);
  row('2 `tune` answer set', { name: c.name, nominal: 0.95, replicates, covered: r.covered, coverage: r.coverage });
}
for (const check of REPORT_COVERAGE_CHECKS) row(check.item, check.simulate(replicates, seed));
