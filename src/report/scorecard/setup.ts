/**
 * The setup of `carclab study` (the designer's scorecard): the question (official rules against the
 * given rules, or the base game against the given expansions), the skill levels, and the plans that
 * answer it, all checked before anything is played or written.
 *
 * Per level, one run of two arms on paired deals (rotation `cycle`: one game per deal), with the
 * effect baseline → variant (`src/sim/effect.ts`: rescored games, noise floor, references); per pair
 * of neighbouring levels (the level against the one before it: greedy against random, strong against
 * greedy), one match design per arm on the same seed, so the skill depth of the two arms is compared
 * on the same deals.
 */
import { parseAgentSpec } from '../../agents/index.ts';
import { InputError } from '../../engine/index.ts';
import type { ParamValue } from '../../engine/index.ts';
import type { MatchDesign } from '../../match/design.ts';
import { resolveExperiment } from '../../sim/experiment.ts';
import type { ArmDefinition } from '../../sim/experiment.ts';
import { armSetups } from '../../sim/plan.ts';
import type { Plan } from '../../sim/plan.ts';
import { expansionRegistry } from '../../expansions/index.ts';
import { skillDesign } from '../skill-depth.ts';
import { designerQuestion } from './question.ts';
import { levelLabel } from '../study.ts';
import { levelDeals, splitLevels } from '../study-cli.ts';

export interface StudyArm {
  name: string;
  expansions: string[];
  rules: Record<string, ParamValue>;
}

export interface StudyLevel {
  /** The level's short name (`greedy`, `strong`, or NAME of NAME=SPEC). */
  name: string;
  /** Canonical spec. */
  spec: string;
  deals: number;
  plan: Plan;
  /** The level against the one before it, under each arm's rules (null for the first level). */
  skill: { against: string; baseline: MatchDesign; variant: MatchDesign } | null;
}

export interface StudySetup {
  /** What is compared ("farmerPointsPerCity=4 against the official rules (2 players, base game)"), for the report's title. */
  comparison: string;
  /** The designer's question, from the rule parameters' descriptions (`question.ts`), for the verdict page. */
  question: string;
  players: number;
  seed: string;
  baseline: StudyArm;
  variant: StudyArm;
  levels: StudyLevel[];
}

export interface StudyRequest {
  rules: Record<string, ParamValue>;
  expansions: string[];
  players: number;
  /** `--agents` as given (default random,greedy,strong). */
  agents: string;
  /** `--deals` as given: one count for every level or one per level (default per agent kind). */
  deals?: string;
  seed: string;
}

/** Deals per level when `--deals` is not given, by agent kind (any other: as `strong`). */
export const DEFAULT_DEALS: Readonly<Record<string, number>> = { random: 4000, greedy: 1000, strong: 100 };

const noTileFiles = (): never => {
  throw new Error('a study names no tile files');
};

/** "farmerPointsPerCity=4" or "tollkeepers" — the variant's arm name and a directory-safe slug. */
const ruleText = (rules: Record<string, ParamValue>) =>
  Object.entries(rules)
    .map(([k, v]) => `${k}=${v}`)
    .join(', ');

/**
 * Checks the request and builds the study: games (players, expansions, rules), agent specs and deals;
 * every problem is an `InputError` naming the flag, raised before anything is written.
 */
export function studySetup(request: StudyRequest): StudySetup {
  const { rules, expansions, players, seed } = request;
  if (!Object.keys(rules).length && !expansions.length) {
    throw new InputError(
      'usage',
      'carclab study: nothing to compare: give --rules (a house rule against the official rules) or --expansions alone (the expansions against the base game)',
    );
  }
  if (seed === '') throw new InputError('usage', '--seed must not be empty');
  // With --rules both arms play the expansions; without, the baseline is the base game.
  const rulesMode = Object.keys(rules).length > 0;
  const baseline: StudyArm = {
    name: rulesMode ? 'official' : 'base',
    expansions: rulesMode ? [...expansions] : [],
    rules: {},
  };
  const variant: StudyArm = {
    name: rulesMode ? 'variant' : expansions.join('+').slice(0, 64),
    expansions: [...expansions],
    rules: { ...rules },
  };
  const where = 'carclab study';
  const arm = (a: StudyArm, agents: string): ArmDefinition => ({
    name: a.name,
    players,
    expansions: a.expansions,
    rules: a.rules,
    agents,
  });
  const resolve = (agents: string, deals: number, name: string) =>
    resolveExperiment(
      {
        name,
        seed,
        deals,
        rotation: 'cycle',
        columns: ['score', 'rank'],
        arms: [arm(baseline, agents), arm(variant, agents)],
      },
      { where, defaultName: name, readTileFile: noTileFiles },
    );

  // 1. The games: rules and expansions checked (with the default agent); a house rule that is the official value compares nothing.
  const check = resolve('random', 1, 'study');
  const games = armSetups(check).map((s) => s.game);
  if (rulesMode) {
    const [a, b] = games;
    const resolved = (g: typeof a) => JSON.stringify(Object.entries(g!.rules).sort(([x], [y]) => (x < y ? -1 : 1)));
    if (resolved(a) === resolved(b))
      throw new InputError('usage', `--rules ${ruleText(rules)}: these are the official values; nothing to compare`);
  }

  // 2. The levels: specs, names, deals.
  const named = splitLevels(request.agents);
  const specs = named.map((l) => parseAgentSpec(l.agents, '--agents').text);
  const names = named.map((l, k) => l.label ?? levelLabel(specs[k]!));
  const twice = names.find((n, k) => names.indexOf(n) !== k);
  if (twice !== undefined)
    throw new InputError(
      'usage',
      `--agents: two levels are named ${JSON.stringify(twice)}; give them names of their own (NAME=SPEC)`,
    );
  const deals = levelDeals(request.deals, specs, DEFAULT_DEALS, 1);

  // 3. The plans: the level's two arms with the effect baseline → variant, and the skill matches.
  const slug = (s: string) => s.replace(/[^A-Za-z0-9_.=+-]+/g, '-');
  const levels = specs.map((spec, k): StudyLevel => {
    const plan: Plan = {
      ...resolve(spec, deals[k]!, `study-${slug(names[k]!)}`.slice(0, 64)),
      effects: [{ a: 0, b: 1 }],
      quality: true,
    };
    const skill = (a: StudyArm) =>
      skillDesign(
        { ...a, players },
        { level: names[k]!, spec, against: specs[k - 1]! },
        deals[k]!,
        seed,
        'study-skill',
      );
    return {
      name: names[k]!,
      spec,
      deals: deals[k]!,
      plan,
      skill: k === 0 ? null : { against: names[k - 1]!, baseline: skill(baseline), variant: skill(variant) },
    };
  });
  const setupText = `${players} players, ${expansions.length ? expansions.join(' + ') : 'base game'}`;
  const comparison = rulesMode
    ? `${ruleText(rules)} against the official rules (${setupText})`
    : `${expansions.join(' + ')} against the base game (${players} players)`;
  const titles = expansions.map((e) => expansionRegistry.get(e)?.title ?? e);
  const question = designerQuestion({ rules, defs: games[1]!.paramDefs, players, titles });
  return { comparison, question, players, seed, baseline, variant, levels };
}

/** A directory name for the study's question (`farmerPointsPerCity=4.2p`). */
export function studySlug(setup: StudySetup): string {
  const what = Object.keys(setup.variant.rules).length
    ? Object.entries(setup.variant.rules).map(([k, v]) => `${k}=${v}`)
    : setup.variant.expansions;
  const base = setup.baseline.expansions.length ? [setup.baseline.expansions.join('+')] : [];
  return [...base, ...what, `${setup.players}p`]
    .join('.')
    .replace(/[^A-Za-z0-9_.=+-]+/g, '-')
    .slice(0, 100);
}
