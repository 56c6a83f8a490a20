/**
 * The games a balance search plays for one rule set: one *context* per player count and level (or
 * pair of levels) its targets name. A context's run is an ordinary one-plan run (`runExperiment`)
 * with kept games: a level's self-play (every seat the level's agent, the file's rotation), or a
 * match of two levels as `carclab match` plays it (every lineup of the two, every rotation). The
 * plan holds only the knobs that apply to its player count, so rule sets that differ only in other
 * counts' knobs share the run (its directory is named by the plan).
 */
import { InputError } from '../engine/index.ts';
import type { ParamValue, TileSource } from '../engine/index.ts';
import { designMatch } from '../match/design.ts';
import type { MatchDesign } from '../match/design.ts';
import { resolveExperiment } from '../sim/experiment.ts';
import { buildArmGame } from '../sim/plan.ts';
import type { ColumnGroup, Plan, Rotation } from '../sim/plan.ts';
import { atomKey } from './metrics.ts';
import type { Atom } from './metrics.ts';
import type { BalanceTarget } from './targets.ts';

export interface BalanceContext {
  key: string;
  players: number;
  level: string;
  versus: string | null;
  /** Canonical agent specs: the level's, and the opponent's for a match. */
  specs: string[];
  /** Every atom its targets read, once. */
  atoms: Atom[];
  columns: ColumnGroup[];
  quality: boolean;
}

/** What every context plan shares. */
export interface GameFrame {
  name: string;
  expansions: string[];
  rules: Record<string, ParamValue>;
  tiles: TileSource[];
  tileCounts: Record<string, number>;
  rotation: Rotation;
}

/** The contexts the targets name, in the order first named; `specOf` gives a level's canonical spec. */
export function contextsOf(targets: readonly BalanceTarget[], specOf: (level: string) => string): BalanceContext[] {
  const contexts = new Map<string, BalanceContext>();
  for (const t of targets) {
    let c = contexts.get(t.context);
    if (!c) {
      const specs = [specOf(t.level), ...(t.versus === null ? [] : [specOf(t.versus)])];
      c = {
        key: t.context,
        players: t.players,
        level: t.level,
        versus: t.versus,
        specs,
        atoms: [],
        columns: ['score'],
        quality: false,
      };
      contexts.set(t.context, c);
    }
    const atoms = t.metric.parts.flatMap((p) => p.terms.map((term) => term.atom));
    for (const atom of atoms) if (!c.atoms.some((a) => atomKey(a) === atomKey(atom))) c.atoms.push(atom);
    const { needs } = t.metric;
    if (needs.breakdown && !c.columns.includes('breakdown')) c.columns.push('breakdown');
    if (needs.stats && !c.columns.includes('stats')) c.columns.push('stats');
    if (needs.quality && !c.quality) {
      c.quality = true;
      c.columns.push('quality');
    }
  }
  return [...contexts.values()];
}

/**
 * The plan of a context at a rule set (`rules`, `tileCounts`: the frame's with the knobs applied) on
 * `deals` deals of `seed`; a match context also gives its design (which lineup player is which level).
 */
export function contextPlan(
  frame: GameFrame,
  context: BalanceContext,
  setup: { rules: Record<string, ParamValue>; tileCounts: Record<string, number> },
  deals: number,
  seed: string,
): { plan: Plan; design?: MatchDesign } {
  const where = `${frame.name}: ${context.key}`;
  if (context.versus === null) {
    const tileOf = (path: string): TileSource => frame.tiles.find((t) => t.where === path)!;
    const plan = resolveExperiment(
      {
        name: context.key,
        seed,
        deals,
        rotation: frame.rotation,
        columns: context.columns,
        quality: context.quality,
        arms: [
          {
            name: context.key,
            players: context.players,
            expansions: frame.expansions,
            rules: setup.rules,
            agents: context.specs[0]!,
            tiles: frame.tiles.map((t) => t.where),
            tileCounts: setup.tileCounts,
          },
        ],
      },
      { where, defaultName: context.key, readTileFile: tileOf },
    );
    return { plan };
  }
  const design = designMatch({
    kind: 'match',
    specs: context.specs,
    players: context.players,
    expansions: frame.expansions,
    rules: setup.rules,
    deals,
    seed,
  });
  // The match's games with the designer's tiles and counts: each arm's game is built again to check them.
  const arms = design.plan.arms.map((arm) => ({ ...arm, tiles: frame.tiles, tileCounts: setup.tileCounts }));
  arms.forEach((arm, a) => {
    if (buildArmGame(arm, `${where}: arms[${a}]`).deck.length === 0)
      throw new InputError('experiment', `${where}: the deck is empty`);
  });
  const plan: Plan = { ...design.plan, experiment: context.key, description: where, arms };
  return { plan, design: { ...design, plan } };
}
