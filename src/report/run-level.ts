/**
 * One level of a study played (`study.ts`, the scorecard): the level's run with its games kept, in
 * shards small enough that every worker plays, with a progress bar and a line when it starts and ends.
 */
import type { Backend } from '../run/pool.ts';
import { progressBar } from '../run/progress-bar.ts';
import { runExperiment } from '../run/runner.ts';
import { defaultShardDeals } from '../run/shard-ranges.ts';
import type { Plan } from '../sim/plan.ts';

/** Plays one level's plan with a progress bar (games kept) and returns its run directory. */
export async function runLevel(
  plan: Plan,
  file: string | undefined,
  backend: Backend,
  outRoot: string,
  log: (l: string) => void,
  newRun = false,
): Promise<string> {
  const t0 = performance.now();
  const bar = progressBar(plan.experiment.slice(0, 24));
  // Small runs still get a few shards per worker, so every core plays (results do not depend on shard size).
  const shardDeals = Math.max(1, Math.min(defaultShardDeals(plan), Math.ceil(plan.deals / (4 * backend.concurrency))));
  const outcome = await runExperiment({
    plan,
    experimentFile: file,
    outRoot,
    backend,
    keepGames: true,
    shardDeals,
    newRun,
    onStart: ({ runDir, progress }) => {
      log(
        `${plan.experiment}: ${plan.deals.toLocaleString('en')} deals, ${progress.gamesTotal.toLocaleString('en')} games into ${runDir}`,
      );
      bar.start(progress.gamesTotal, progress.gamesDone);
    },
    onProgress: (p) => bar.update(Math.min(p.gamesTotal, p.gamesDone + p.gamesRunning)),
  }).finally(() => bar.stop());
  if (outcome.status !== 'complete') throw new Error(`${plan.experiment}: run interrupted`);
  log(`${plan.experiment}: done in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
  return outcome.runDir;
}
