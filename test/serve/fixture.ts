/**
 * A results folder for the explorer's tests: one small run of `greedy` on 3 deals, two arms (the
 * official rules, and farmers worth 6 a city, which changes greedy's moves), games kept, with its
 * report and charts; and a server on it at a free loopback port.
 */
import { inProcessBackend } from '../../src/run/pool.ts';
import { runExperiment } from '../../src/run/runner.ts';
import { Report, writeReport } from '../../src/report/report.ts';
import { addRunSections } from '../../src/report/run-report.ts';
import { loadRun } from '../../src/report/run.ts';
import { startServer } from '../../src/serve/server.ts';
import type { RunningServer } from '../../src/serve/server.ts';
import { planOf, tempDir } from '../sim/helpers.ts';
import { relative } from 'node:path';

export interface Fixture {
  root: string;
  /** The run's path under the root, as the API names it. */
  run: string;
  server: RunningServer;
  logged: string[];
}

export async function explorerFixture(keepGames = true): Promise<Fixture> {
  const root = tempDir('carclab-serve-');
  const plan = planOf({
    name: 'explorer-test',
    seed: 'serve-test',
    deals: 3,
    rotation: 'cycle',
    arms: [
      { name: 'official', players: 2, agents: 'greedy' },
      { name: 'farmers6', players: 2, agents: 'greedy', rules: { farmerPointsPerCity: 6 } },
    ],
  });
  const outcome = await runExperiment({ plan, outRoot: root, backend: inProcessBackend(), keepGames });
  if (outcome.status !== 'complete') throw new Error(`fixture run: ${outcome.status}`);
  const report = new Report('explorer test', 'A small run for the explorer tests.');
  addRunSections(report, loadRun(outcome.runDir));
  await writeReport(report, outcome.runDir);
  const logged: string[] = [];
  const server = await startServer({ dir: root, port: 0, host: '127.0.0.1', log: (line) => logged.push(line) });
  return { root, run: relative(root, outcome.runDir).split('\\').join('/'), server, logged };
}
