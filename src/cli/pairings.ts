/**
 * What `carclab match` and `carclab ladder` share: their flags (declared once), checking them into a
 * design before anything is written, and playing the design on a pool or in-process with the
 * progress bar and Ctrl-C handling of `carclab run`.
 */
import { InputError } from '../engine/index.ts';
import { designMatch, parseExpansionsFlag } from '../match/design.ts';
import { parseRules } from '../expansions/index.ts';
import type { MatchDesign } from '../match/design.ts';
import { runMatch } from '../match/run.ts';
import type { MatchRunOutcome } from '../match/run.ts';
import { defaultWorkers, inProcessBackend, poolBackend } from '../run/pool.ts';
import { defaultShardDeals } from '../run/shard-ranges.ts';
import type { SprtHypotheses } from '../stats/sprt.ts';
import { intFlag, workersFlag } from './args.ts';
import type { FlagSpec } from './args.ts';
import { backendText, withProgress } from './progress.ts';

type Flags = Record<string, string | boolean | undefined>;

export const PAIRING_FLAGS: Record<string, FlagSpec> = {
  players: {
    type: 'string',
    help: 'players per game, 2 to 6 (more than 2: see "Seat arrangements" in docs/matches.md)',
    default: '2',
  },
  expansions: {
    type: 'string',
    help: 'expansions, comma-separated: tollkeepers, labyrinth, kingRobber, innsCathedrals',
  },
  rules: {
    type: 'string',
    help: 'rule parameters, name=value comma-separated (e.g. labyrinth=advanced,farmers=off; a list rule: seatCompensation=0,5)',
  },
  deals: { type: 'string', help: 'deals, each played in every seat arrangement (default 100)' },
  seed: { type: 'string', help: "run seed: the deals and the agents' streams", default: '1' },
  workers: { type: 'string', help: "worker threads of the pool (default: the machine's cores)" },
  'in-process': { type: 'boolean', help: 'play in the main thread instead of a worker pool' },
  'shard-deals': {
    type: 'string',
    help: 'deals per shard (default: about 8 shards per worker, at most ~4,000 games each)',
  },
  out: { type: 'string', help: 'results root', default: 'results' },
  json: { type: 'boolean', help: 'print one JSON object instead of text' },
  'new-run': {
    type: 'boolean',
    help: 'play the design again although a run of it by other code (an older engine) exists',
  },
};

export interface PairingRun {
  design: MatchDesign;
  workers: number;
  inProcess: boolean;
  shardDeals?: number;
  outRoot: string;
  newRun: boolean;
}

/** Checks every flag and spec into a design; every problem is an `InputError` (exit 2), nothing is written. */
export function parsePairingRun(
  kind: 'match' | 'ladder',
  specs: string[],
  flags: Flags,
  defaultDeals = 100,
): PairingRun {
  const players = intFlag(flags.players, 'players', 2, 2, 6);
  const deals = intFlag(flags.deals, 'deals', defaultDeals, 1, 1e7);
  const workers = workersFlag(flags.workers, defaultWorkers());
  const shardDeals =
    flags['shard-deals'] === undefined ? undefined : intFlag(flags['shard-deals'], 'shard-deals', 1, 1, 1e7);
  if (flags['in-process'] && flags.workers !== undefined)
    throw new InputError('usage', '--workers and --in-process exclude each other');
  if (flags.seed === '') throw new InputError('usage', '--seed must not be empty');
  const design = designMatch({
    kind,
    specs,
    players,
    deals,
    seed: flags.seed as string,
    expansions: parseExpansionsFlag(flags.expansions as string | undefined),
    rules: parseRules(flags.rules as string | undefined, '--rules'),
    lineups: flags.lineups === undefined ? undefined : parseLineupsFlag(flags.lineups as string),
  });
  return {
    design,
    workers,
    inProcess: flags['in-process'] === true,
    shardDeals,
    outRoot: flags.out as string,
    newRun: flags['new-run'] === true,
  };
}

/** `--lineups 1` or `1,3`: numbers of copies of the first agent (the design checks them against the players). */
function parseLineupsFlag(text: string): number[] {
  const parts = text.split(',').map((part) => part.trim());
  if (parts.some((part) => !/^\d+$/.test(part)))
    throw new InputError(
      'usage',
      `--lineups must list whole numbers of copies of the first agent, comma-separated (e.g. --lineups 1), got ${JSON.stringify(text)}`,
    );
  return parts.map(Number);
}

/** Plays the design with a progress bar; `null` when the user stopped it (the same command resumes). */
export async function playPairings(run: PairingRun, sprt?: SprtHypotheses): Promise<MatchRunOutcome | null> {
  const { design } = run;
  const plan = design.plan;
  const backend = run.inProcess ? inProcessBackend() : poolBackend(run.workers);
  // Several shards per worker, so a short match of slow agents still keeps every worker busy.
  const shardDeals =
    run.shardDeals ?? Math.min(defaultShardDeals(plan), Math.max(1, Math.ceil(plan.deals / (backend.concurrency * 8))));
  try {
    const perDeal = plan.arms.length * design.players;
    const outcome = await withProgress(
      (runDir, progress) =>
        `${design.kind} of ${design.specs.join(', ')}: ${plan.deals.toLocaleString('en')} deals × ${perDeal} games = ${progress.gamesTotal.toLocaleString('en')} games${sprt ? ' at most' : ''} on ${backendText(backend)} into ${runDir}`,
      (hooks) => runMatch({ design, outRoot: run.outRoot, backend, shardDeals, newRun: run.newRun, sprt, ...hooks }),
    );
    if (outcome.status === 'interrupted') {
      process.stderr.write(
        `carclab: interrupted after ${outcome.gamesPlayed.toLocaleString('en')} games this session; run the same command to resume ${outcome.runDir}\n`,
      );
      return null;
    }
    process.stderr.write(
      outcome.gamesPlayed
        ? `carclab: played ${outcome.gamesPlayed.toLocaleString('en')} games in ${outcome.wallSeconds.toFixed(1)} s (${(outcome.gamesPlayed / outcome.wallSeconds).toPrecision(3)} games/s)\n`
        : 'carclab: nothing left to play: the kept games cover the run\n',
    );
    return outcome;
  } finally {
    await backend.close();
  }
}

/** "base game" or the expansions, and the explicit rules, for headlines. */
export function setupText(design: MatchDesign): string {
  const arm = design.plan.arms[0]!;
  const rules = Object.entries(arm.rules)
    .map(([k, v]) => `${k}=${v}`)
    .join(', ');
  return `${design.players} players, ${arm.expansions.length ? arm.expansions.join(' + ') : 'base game'}${rules ? `, rules ${rules}` : ''}`;
}
