/**
 * The setup of the mechanics study (`notebooks/mechanics.ts`, restricted play after Jaffe et al.,
 * AIIDE 2012): per skill level, arm (an expansion mix with its rules) and mechanic, one match of the
 * level's agent against the same agent forbidden that mechanic (`forbid=`, `src/agents/forbid.ts`) on
 * paired deals with the seats swapped (`designMatch`). Every level and arm plays the same seed, so a
 * mechanic's matches at two levels share their deals. Everything is checked before anything is played.
 *
 * Arms (`--expansions`): comma-separated, each `base` or expansions joined by `+`, optionally with
 * rules after `@` (`labyrinth@labyrinth=advanced`, `tollkeepers+labyrinth@labyrinth=advanced@farmers=off`).
 * Mechanics: by default those the arm's own expansions declare (the base game's for the `base` arm);
 * an arm whose expansions declare none (King and Robber Baron) plays nothing and is said so.
 */
import { parseAgentSpec } from '../../agents/index.ts';
import { InputError } from '../../engine/index.ts';
import type { ParamValues } from '../../engine/index.ts';
import { parseRules } from '../../expansions/index.ts';
import { designMatch } from '../../match/design.ts';
import type { MatchDesign } from '../../match/design.ts';
import { armSetups } from '../../sim/plan.ts';
import { levelLabel } from '../study.ts';
import { levelDeals, splitLevels } from '../study-cli.ts';

/** Arms when `--expansions` is not given: the base game and each expansion alone, the Labyrinth in both variants. */
export const DEFAULT_ARMS = 'base,tollkeepers,labyrinth,labyrinth@labyrinth=advanced,kingRobber,innsCathedrals';
/** Levels when `--agents` is not given. */
export const DEFAULT_LEVELS = 'greedy,strong';
/** Deals per level when `--deals` is not given, by agent kind (any other: as `strong`). */
export const DEFAULT_DEALS: Readonly<Record<string, number>> = { random: 1000, greedy: 100, strong: 30 };

export interface MechanicsArm {
  /** As given (`labyrinth@labyrinth=advanced`). */
  name: string;
  expansions: string[];
  rules: ParamValues;
  /** The mechanics it tests, with their rule module's title and one line. */
  mechanics: { name: string; module: string; description: string }[];
}

/** One match: the level's agent against itself forbidden `mechanic`, under `arm`'s rules. */
export interface MechanicMatch {
  level: number;
  arm: number;
  mechanic: string;
  design: MatchDesign;
}

export interface MechanicsSetup {
  players: number;
  seed: string;
  levels: { name: string; spec: string; deals: number }[];
  arms: MechanicsArm[];
  matches: MechanicMatch[];
}

export interface MechanicsRequest {
  /** `--agents` as given. */
  agents?: string;
  /** `--deals` as given: one count for every level or one per level. */
  deals?: string;
  /** `--expansions` as given (arms). */
  expansions?: string;
  /** `--mechanics` as given: only these, in every arm that has them. */
  mechanics?: string;
  players: number;
  seed: string;
}

/** `labyrinth@labyrinth=advanced` → expansions and rules (checked against their domains). */
function parseArm(text: string): { expansions: string[]; rules: ParamValues } {
  const [mix, ...ruleParts] = text.split('@').map((s) => s.trim());
  if (!mix)
    throw new InputError(
      'usage',
      `--expansions: arm ${JSON.stringify(text)} has no expansion mix (base, or expansions joined by +)`,
    );
  const expansions = mix === 'base' ? [] : mix.split('+').map((s) => s.trim());
  if (expansions.some((e) => e === '' || e === 'base'))
    throw new InputError(
      'usage',
      `--expansions: arm ${JSON.stringify(text)}: write base alone, or expansions joined by + (tollkeepers+labyrinth)`,
    );
  const rules = parseRules(ruleParts.join(','), `--expansions: arm ${JSON.stringify(text)}`);
  return { expansions, rules };
}

/** The level's spec forbidden one mechanic (a spec without parameters gets its own). */
const forbidding = (spec: string, mechanic: string) => `${spec}${spec.includes(':') ? ',' : ':'}forbid=${mechanic}`;

/** Checks the request and builds every match; each problem is an `InputError` naming the flag, before anything is written. */
export function mechanicsSetup(request: MechanicsRequest): MechanicsSetup {
  const { players, seed } = request;
  if (seed === '') throw new InputError('usage', '--seed must not be empty');
  const levels = resolveLevels(request);
  const { arms, armTexts } = resolveArms(request);
  const matches = mechanicMatches(levels, arms, players, seed);
  if (!matches.length)
    throw new InputError('usage', `--expansions: no arm has a mechanic to forbid (arms: ${armTexts.join(', ')})`);
  return { players, seed, levels, arms, matches };
}

/** Step 1, the levels: specs (none may forbid anything itself), names, deals. */
function resolveLevels(request: MechanicsRequest): MechanicsSetup['levels'] {
  const named = splitLevels(request.agents ?? DEFAULT_LEVELS);
  const specs = named.map((l) => parseAgentSpec(l.agents, '--agents'));
  const restricted = specs.find((s) => s.forbid.length);
  if (restricted)
    throw new InputError(
      'usage',
      `--agents: ${restricted.text} forbids ${restricted.forbid.join('+')} itself; a level is the unrestricted agent (the study forbids one mechanic at a time)`,
    );
  const names = named.map((l, k) => l.label ?? levelLabel(specs[k]!.text));
  const twice = names.find((n, k) => names.indexOf(n) !== k);
  if (twice !== undefined)
    throw new InputError(
      'usage',
      `--agents: two levels are named ${JSON.stringify(twice)}; give them names of their own (NAME=SPEC)`,
    );
  const deals = levelDeals(
    request.deals,
    specs.map((s) => s.text),
    DEFAULT_DEALS,
    2,
  );
  return specs.map((s, k) => ({ name: names[k]!, spec: s.text, deals: deals[k]! }));
}

/** Step 2, the arms: each game built (expansions, rules, players checked), its mechanics listed. */
function resolveArms(request: MechanicsRequest): { arms: MechanicsArm[]; armTexts: string[] } {
  const armTexts = (request.expansions ?? DEFAULT_ARMS).split(',').map((s) => s.trim());
  if (armTexts.some((t) => t === ''))
    throw new InputError(
      'usage',
      `--expansions must be arms separated by commas (e.g. ${DEFAULT_ARMS}), got ${JSON.stringify(request.expansions)}`,
    );
  const repeated = armTexts.find((t, k) => armTexts.indexOf(t) !== k);
  if (repeated !== undefined) throw new InputError('usage', `--expansions: arm ${repeated} is given twice`);
  const only = request.mechanics === undefined ? undefined : request.mechanics.split(',').map((s) => s.trim());
  const arms = armTexts.map((text) => armOf(text, only, request.players, request.seed));
  if (only) {
    for (const name of only) {
      // A name no registered module declares is named by the spec parser, with the nearest name.
      parseAgentSpec(`random:forbid=${name}`, '--mechanics');
      if (!arms.some((a) => a.mechanics.some((m) => m.name === name)))
        throw new InputError(
          'usage',
          `--mechanics: ${name} is a mechanic of no arm's game (arms: ${armTexts.join(', ')})`,
        );
    }
  }
  return { arms, armTexts };
}

/** One arm: its game checked, and the mechanics it tests (`only` those, or its own expansions'). */
function armOf(text: string, only: readonly string[] | undefined, players: number, seed: string): MechanicsArm {
  const { expansions, rules } = parseArm(text);
  let check: MatchDesign;
  try {
    check = designMatch({ kind: 'match', specs: ['random', 'greedy'], players, expansions, rules, deals: 1, seed });
  } catch (error) {
    if (error instanceof InputError)
      throw new InputError(
        'usage',
        `--expansions: arm ${text}: ${error.message.replace(/^carclab match: arms\[0\] "game": /, '')}`,
      );
    throw error;
  }
  const game = armSetups(check.plan)[0]!.game;
  const own = (module: string) => (expansions.length ? expansions.includes(module) : module === game.base.name);
  const titleOf = (module: string) =>
    module === game.base.name ? game.base.title : game.expansions.find((e) => e.name === module)!.title;
  const chosen = game.mechanics.filter((m) => (only ? only.includes(m.name) : own(m.module)));
  return {
    name: text,
    expansions,
    rules,
    mechanics: chosen.map((m) => ({ name: m.name, module: titleOf(m.module), description: m.description })),
  };
}

/** Step 3, the matches: per level, arm and mechanic, on one seed (a mechanic's matches at two levels share their deals). */
function mechanicMatches(
  levels: MechanicsSetup['levels'],
  arms: readonly MechanicsArm[],
  players: number,
  seed: string,
): MechanicMatch[] {
  const slug = (s: string) => s.replace(/[^A-Za-z0-9_.=+-]+/g, '-');
  const matches: MechanicMatch[] = [];
  levels.forEach((level, l) => {
    arms.forEach((arm, a) => {
      arm.mechanics.forEach((m) => {
        const design = designMatch({
          kind: 'match',
          specs: [level.spec, forbidding(level.spec, m.name)],
          players,
          expansions: arm.expansions,
          rules: arm.rules,
          deals: level.deals,
          seed,
        });
        const experiment = `mechanics-${slug(level.name)}-${slug(arm.name)}-${m.name}`.slice(0, 64);
        matches.push({
          level: l,
          arm: a,
          mechanic: m.name,
          design: { ...design, plan: { ...design.plan, experiment } },
        });
      });
    });
  });
  return matches;
}
