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
import { basename } from 'node:path';
import { parseAgentSpec } from '../../agents/index.ts';
import { InputError } from '../../engine/index.ts';
import type { Game, ParamValue, TileSource } from '../../engine/index.ts';
import type { MatchDesign } from '../../match/design.ts';
import { resolveExperiment } from '../../sim/experiment.ts';
import type { ArmDefinition } from '../../sim/experiment.ts';
import { armSetups } from '../../sim/plan.ts';
import type { Plan } from '../../sim/plan.ts';
import { expansionRegistry, registeredParams } from '../../expansions/index.ts';
import { skillDesign } from '../skill-depth.ts';
import { designerQuestion } from './question.ts';
import { levelLabel } from '../study.ts';
import { levelDeals, splitLevels } from '../study-cli.ts';

export interface StudyArm {
  name: string;
  expansions: string[];
  rules: Record<string, ParamValue>;
  /** Designer tile files the arm adds (as given), and copies per tile id replacing the catalog's. */
  tiles?: string[];
  tileCounts?: Record<string, number>;
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
  /** `--arms`: the two arms by name with their rules (instead of `rules`), the baseline first. */
  arms?: { name: string; rules: Record<string, ParamValue> }[];
  /** `--tiles`: designer tile files the variant adds, read already; `--tile-counts`: copies per tile id in the variant. */
  tiles?: TileSource[];
  tileCounts?: Record<string, number>;
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

/** "farmerPointsPerCity=4" or "tollkeepers" — the variant's arm name and a directory-safe slug. */
export const ruleText = (rules: Record<string, ParamValue>) =>
  Object.entries(rules)
    .map(([k, v]) => `${k}=${v}`)
    .join(', ');

/**
 * Checks the request and builds the study: games (players, expansions, rules), agent specs and deals;
 * every problem is an `InputError` naming the flag, raised before anything is written.
 */
export function studySetup(request: StudyRequest): StudySetup {
  const { players, seed } = request;
  if (seed === '') throw new InputError('usage', '--seed must not be empty');
  const arms = studyArms(request);
  const { baseline, variant, mode } = arms;
  const tiles = request.tiles ?? [];
  const where = 'carclab study';
  const arm = (a: StudyArm, agents: string): ArmDefinition => ({
    name: a.name,
    players,
    expansions: a.expansions,
    rules: a.rules,
    agents,
    ...(a.tiles ? { tiles: a.tiles } : {}),
    ...(a.tileCounts ? { tileCounts: a.tileCounts } : {}),
  });
  // The variant's tile files by the names they were given under (read already).
  const readTileFile = (path: string) => tiles.find((t) => t.where === path)!;
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
      { where, defaultName: name, readTileFile },
    );

  // 1. The games: rules and expansions checked (with the default agent); a house rule that is the official value compares nothing.
  const check = resolve('random', 1, 'study');
  const games = armSetups(check).map((s) => s.game);
  if (mode !== 'expansions' && !tiles.length && !request.tileCounts) refuseSameRules(games, arms, request.rules);

  // 2. The levels: specs, names, deals.
  const { specs, names, deals } = studyLevelSpecs(request);

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
        { ...a, players, tiles: a.tiles?.map(readTileFile) },
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
  return { ...studyWording(request, arms, games), players, seed, baseline, variant, levels };
}

/** Refuses arms that play the same rules (a house rule at its official value compares nothing). */
function refuseSameRules(
  games: readonly Game[],
  { mode, baseline, variant }: StudyArms,
  rules: StudyRequest['rules'],
): void {
  const [a, b] = games;
  const resolved = (g: typeof a) => JSON.stringify(Object.entries(g!.rules).sort(([x], [y]) => (x < y ? -1 : 1)));
  if (resolved(a) === resolved(b))
    throw new InputError(
      'usage',
      mode === 'rules'
        ? `--rules ${ruleText(rules)}: these are the official values; nothing to compare`
        : `--arms: ${baseline.name} and ${variant.name} play the same rules; nothing to compare`,
    );
}

/** The levels of `--agents` (canonical specs and names, no name twice) and their deals (`--deals`). */
function studyLevelSpecs(request: StudyRequest): { specs: string[]; names: string[]; deals: number[] } {
  const named = splitLevels(request.agents);
  const specs = named.map((l) => parseAgentSpec(l.agents, '--agents').text);
  const names = named.map((l, k) => l.label ?? levelLabel(specs[k]!));
  const twice = names.find((n, k) => names.indexOf(n) !== k);
  if (twice !== undefined)
    throw new InputError(
      'usage',
      `--agents: two levels are named ${JSON.stringify(twice)}; give them names of their own (NAME=SPEC)`,
    );
  return { specs, names, deals: levelDeals(request.deals, specs, DEFAULT_DEALS, 1) };
}

/** What is compared, for the report's title, and the designer's question, for the verdict page. */
function studyWording(
  request: StudyRequest,
  { mode, baseline, variant }: StudyArms,
  games: readonly Game[],
): { comparison: string; question: string } {
  const { expansions, players } = request;
  const setupText = `${players} players, ${expansions.length ? expansions.join(' + ') : 'base game'}`;
  const comparison =
    mode === 'expansions'
      ? `${expansions.join(' + ')} against the base game (${players} players)`
      : mode === 'arms'
        ? `${variant.name} (${armChange(variant)}) against ${baseline.name} (${armChange(baseline)}) (${setupText})`
        : `${armChange(variant)} against the official rules (${setupText})`;
  const titles = expansions.map((e) => expansionRegistry.get(e)?.title ?? e);
  // The rule parameters' own descriptions say what a house rule changes; other comparisons are named by their arms.
  const described = !Object.keys(baseline.rules).length && !variant.tiles && !variant.tileCounts && mode !== 'tiles';
  const question = described
    ? designerQuestion({ rules: variant.rules, defs: games[1]!.paramDefs, players, titles })
    : `What changes from ${baseline.name} (${armChange(baseline)}) to ${variant.name} (${armChange(variant)}), ${setupText}?`;
  return { comparison, question };
}

/** A directory name for the study's question (`farmerPointsPerCity=4.2p`). */
export function studySlug(setup: StudySetup): string {
  const { baseline, variant } = setup;
  // Arms of the designer's names; a choice rule's arms (named by it) keep the rule in the name.
  const named = !['official', 'base', choiceNames(variant.rules)?.[0]].includes(baseline.name);
  const rules = Object.entries(variant.rules).map(([k, v]) => `${k}=${v}`);
  const tiles = [...(variant.tiles ?? []).map(tileLabel), ...(variant.tileCounts ? ['counts'] : [])];
  const what = named
    ? [`${baseline.name}-vs-${variant.name}`]
    : rules.length || tiles.length
      ? [...rules, ...tiles]
      : variant.expansions;
  const base = setup.baseline.expansions.length ? [setup.baseline.expansions.join('+')] : [];
  return [...base, ...what, `${setup.players}p`]
    .join('.')
    .replace(/[^A-Za-z0-9_.=+-]+/g, '-')
    .slice(0, 100);
}

/** `tiles/village.json` → `village`: a tile file's name in arm names and folders. */
const tileLabel = (path: string) =>
  basename(path)
    .replace(/\.json$/i, '')
    .replace(/[^A-Za-z0-9_.=+-]+/g, '-')
    .slice(0, 40) || 'tiles';

/** What an arm changes, for titles: "farmerPointsPerCity=4, tiles village.json, 5× D" or "official rules". */
export function armChange(a: StudyArm): string {
  const parts = [
    ...Object.entries(a.rules).map(([k, v]) => `${k}=${v}`),
    ...(a.tiles ?? []).map((t) => `tiles ${basename(t)}`),
    ...Object.entries(a.tileCounts ?? {}).map(([id, n]) => `${n}× ${id}`),
  ];
  return parts.length ? parts.join(', ') : 'official rules';
}

/**
 * A single choice rule names the arms by its two values (`--rules labyrinth=advanced`:
 * `labyrinth-basic` against `labyrinth-advanced`), as a designer speaks of them; null otherwise.
 */
function choiceNames(rules: Record<string, ParamValue>): [string, string] | null {
  const entries = Object.entries(rules);
  if (entries.length !== 1) return null;
  const [name, value] = entries[0]!;
  const def = registeredParams().find((p) => p.name === name);
  if (def?.kind !== 'enum' || value === def.default) return null;
  return [`${name}-${def.default}`, `${name}-${value}`];
}

/**
 * The two arms of a study: `--arms` names both with their rules; `--rules` plays `official` against
 * `variant` (one choice rule: the arms named by its values); `--tiles`/`--tile-counts` alone play the game without them against the game with them;
 * `--expansions` alone the base game against the expansions. Tile files and counts go to the variant.
 */
interface StudyArms {
  baseline: StudyArm;
  variant: StudyArm;
  mode: 'arms' | 'rules' | 'tiles' | 'expansions';
}

function studyArms(request: StudyRequest): StudyArms {
  const { rules, expansions, arms } = request;
  const tiles = (request.tiles ?? []).map((t) => t.where);
  const designed = {
    ...(tiles.length ? { tiles } : {}),
    ...(request.tileCounts ? { tileCounts: { ...request.tileCounts } } : {}),
  };
  if (arms) {
    if (Object.keys(rules).length)
      throw new InputError('usage', '--arms names both arms with their rules: it excludes --rules');
    if (arms.length !== 2)
      throw new InputError(
        'usage',
        `--arms: a study compares two arms (the baseline first), got ${arms.length} (${arms.map((a) => a.name).join(', ')})`,
      );
    const [a, b] = arms as [(typeof arms)[number], (typeof arms)[number]];
    if (a.name === b.name) throw new InputError('usage', `--arms: both arms are named ${JSON.stringify(a.name)}`);
    return {
      baseline: { name: a.name, expansions: [...expansions], rules: { ...a.rules } },
      variant: { name: b.name, expansions: [...expansions], rules: { ...b.rules }, ...designed },
      mode: 'arms',
    };
  }
  if (Object.keys(rules).length) {
    const [official, variant] = choiceNames(rules) ?? ['official', 'variant'];
    return {
      baseline: { name: official, expansions: [...expansions], rules: {} },
      variant: { name: variant, expansions: [...expansions], rules: { ...rules }, ...designed },
      mode: 'rules',
    };
  }
  if (tiles.length || request.tileCounts) {
    const name = tiles.length ? tiles.map(tileLabel).join('+').slice(0, 64) : 'tile-counts';
    return {
      baseline: { name: name === 'official' ? 'official-tiles' : 'official', expansions: [...expansions], rules: {} },
      variant: { name, expansions: [...expansions], rules: {}, ...designed },
      mode: 'tiles',
    };
  }
  if (!expansions.length)
    throw new InputError(
      'usage',
      "carclab study: nothing to compare: give --rules (a house rule against the official rules), --arms (two named arms), --tiles (a designer's tiles against the game without them) or --expansions alone (the expansions against the base game)",
    );
  return {
    baseline: { name: 'base', expansions: [], rules: {} },
    variant: { name: expansions.join('+').slice(0, 64), expansions: [...expansions], rules: {} },
    mode: 'expansions',
  };
}
