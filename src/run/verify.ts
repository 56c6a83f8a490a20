/**
 * A finished run's files checked against the run they claim to belong to, for every reader that uses
 * them (`carclab report`, `carclab show`, the notebooks, the explorer). The run id (`run-dir.ts`)
 * hashes the plan and names the code, and each shard file carries the run id under its checksum:
 *   - plan.json must hash to the run id's plan part (an edited seed or arm is another plan);
 *   - the manifest's code must be the run id's;
 *   - every shard must be sound and of this run (`shard-files.ts`), and together they must cover
 *     the run;
 *   - summary.json must be the summary those shards give (`buildSummary`), so an edited win count
 *     never reaches a report;
 *   - games.arrow is checked by `kept-games.ts` against the same shards.
 * Whatever fails is an input error naming the file and the reason. What these checks cannot catch
 * (a forger who recomputes every checksum and identity field) is in docs/trust.md.
 */
import { readFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { InputError } from '../engine/index.ts';
import type { Aggregate } from '../sim/aggregate.ts';
import { runLayout } from '../sim/metrics.ts';
import { armSetups, gamesPerDealOf, planRunPrefix } from '../sim/plan.ts';
import type { Plan } from '../sim/plan.ts';
import { buildSummary } from '../sim/summary.ts';
import type { Summary } from '../sim/summary.ts';
import { shortCode } from './code.ts';
import { packageInfo } from './files.ts';
import { runBinding } from './kept-games.ts';
import type { RunBinding } from './kept-games.ts';
import { readShards, runIdentity } from './shard-files.ts';

/** The parts of manifest.json this module reads. */
interface ManifestIdentity {
  runId?: unknown;
  code?: { hash?: unknown };
  package?: { version?: unknown };
  dealsLimit?: unknown;
}

export interface RunFiles {
  dir: string;
  plan: Plan;
  runId: string;
  /** The hash of the code that played the run (the manifest's, checked against the run id). */
  code: string;
  binding: RunBinding;
  /** Deals the run summarized (fewer than the plan's for a run stopped by its own rule, e.g. `--precision`). */
  deals: number;
}

function readText(file: string, what: string): string {
  try {
    return readFileSync(file, 'utf8');
  } catch (error) {
    throw new InputError(
      'usage',
      `${what} (cannot read ${basename(file)}: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message})`,
    );
  }
}

function parseJson<T>(text: string, file: string): T {
  try {
    return JSON.parse(text) as T;
  } catch (error) {
    throw new InputError('usage', `${file}: not valid JSON (${(error as Error).message})`);
  }
}

/** plan.json as written in `runDir`, checked to be a carclab plan. */
export function readPlanFile(runDir: string): Plan {
  const file = join(runDir, 'plan.json');
  const plan = parseJson<Plan>(readText(file, `${runDir}: not a run directory`), file);
  if (typeof plan !== 'object' || plan === null || plan.format !== 'carclab-plan/1')
    throw new InputError(
      'usage',
      `${file}: not a carclab plan (format ${JSON.stringify((plan as Partial<Plan> | null)?.format)})`,
    );
  return plan;
}

/**
 * plan.json and manifest.json of a run directory, the plan checked against the run id (its hash)
 * and the manifest's code against the run id's (an input error naming the file otherwise).
 */
export function readRunFiles(runDir: string): RunFiles {
  const plan = readPlanFile(runDir);
  const manifestFile = join(runDir, 'manifest.json');
  const manifest = parseJson<ManifestIdentity>(
    readText(manifestFile, `${runDir}: plan.json cannot be checked against its run`),
    manifestFile,
  );
  const { runId, code } = { runId: manifest.runId, code: manifest.code?.hash };
  if (typeof runId !== 'string' || typeof code !== 'string')
    throw new InputError('usage', `${manifestFile}: names no run id or code hash; not a manifest of carclab run`);
  if (!runId.endsWith(`-${shortCode(code)}`))
    throw new InputError(
      'usage',
      `${manifestFile}: its code ${shortCode(code)} is not the code of run ${runId} (edited or damaged)`,
    );
  const version = typeof manifest.package?.version === 'string' ? manifest.package.version : packageInfo().version;
  const prefix = planRunPrefix(plan, version);
  if (!runId.startsWith(prefix))
    throw new InputError(
      'usage',
      `${join(runDir, 'plan.json')} is not the plan of run ${runId}: its hash gives ${prefix}… (edited? the run id hashes the plan it played)`,
    );
  const deals = typeof manifest.dealsLimit === 'number' ? Math.min(plan.deals, manifest.dealsLimit) : plan.deals;
  return { dir: runDir, plan, runId, code, binding: runBinding(runDir, runId), deals };
}

/** The merged aggregate of the run's shards, all sound and of this run and covering it; an input error otherwise. */
export function runShards(files: RunFiles): Aggregate {
  const { dir, plan, runId, code, deals } = files;
  const { merged, problems } = readShards(dir, plan, runIdentity(runId, plan, code), deals);
  if (problems.length)
    throw new InputError(
      'usage',
      `${join(dir, problems[0]!.split(':')[0]!)} is bad: ${problems[0]!.slice(problems[0]!.indexOf(':') + 2)}${problems.length > 1 ? ` (and ${problems.length - 1} more)` : ''}; run the experiment again to play its deals anew`,
    );
  const games = deals * gamesPerDealOf(plan);
  if (merged.games !== games)
    throw new InputError(
      'usage',
      `${join(dir, 'shards')}: the shards hold ${merged.games} of the run's ${games} games; run the experiment again to finish it`,
    );
  return merged;
}

/** summary.json of the run, which must be the summary its shards give; an input error naming it otherwise. */
export function checkedSummary(files: RunFiles, shards: Aggregate): Summary {
  const file = join(files.dir, 'summary.json');
  const text = readText(file, `${files.dir}: not a finished run directory`);
  const stored = parseJson<Summary>(text, file);
  const plan = files.deals < files.plan.deals ? { ...files.plan, deals: files.deals } : files.plan;
  const games = armSetups(files.plan).map((s) => s.game);
  const rebuilt = buildSummary(plan, games, runLayout(files.plan, games), shards);
  if (JSON.stringify(rebuilt) !== JSON.stringify(stored))
    throw new InputError(
      'usage',
      `${file} is not the summary of the run's shards (${firstDifference(rebuilt, stored)}): edited, or written by another carclab version; running the experiment again rewrites it from the shards`,
    );
  return stored;
}

/** Where two JSON values first differ, as a path with both values ("arms[0].seats[0].wins: 111 here, 160 in the file"). */
function firstDifference(expected: unknown, found: unknown, path = ''): string {
  if (typeof expected === 'object' && expected !== null && typeof found === 'object' && found !== null) {
    for (const key of new Set([...Object.keys(expected), ...Object.keys(found)])) {
      const a = (expected as Record<string, unknown>)[key];
      const b = (found as Record<string, unknown>)[key];
      if (JSON.stringify(a) !== JSON.stringify(b))
        return firstDifference(a, b, Array.isArray(expected) ? `${path}[${key}]` : path ? `${path}.${key}` : key);
    }
  }
  return `${path || 'the file'}: ${JSON.stringify(expected)} from the shards, ${JSON.stringify(found)} in the file`;
}
