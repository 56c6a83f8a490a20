/**
 * What a game keeps of its rule modules' hooks: one list per hook (so an unused hook costs nothing),
 * the mechanics restricted play may forbid with their tests, and the modules' parts of the agents'
 * placement preview.
 */
import type { Catalog } from './catalog/index.ts';
import type { BoardView, Expansion, ExpansionHooks, MechanicDef, ModulePreview } from './expansion.ts';

/** A mechanic of one of the game's rule modules (`Expansion.mechanics`), with its test. */
export interface GameMechanic extends MechanicDef {
  /** The rule module that declares it (`base`, `tollkeepers` …). */
  readonly module: string;
  /** Whether a legal follow-up uses it (the module's `usesMechanic` test). */
  readonly uses: (state: BoardView, followUp: number) => boolean;
}

/** Each module's declared mechanics with its test, less those the rules rule out (a null test); a declaration without a test, or a test without one, is a programmer error. */
export function collectMechanics(modules: readonly Expansion[], hooks: readonly ExpansionHooks[]): GameMechanic[] {
  const mechanics: GameMechanic[] = [];
  modules.forEach((module, k) => {
    const tests = hooks[k]!.usesMechanic ?? {};
    const declared = module.mechanics ?? [];
    for (const name of Object.keys(tests)) {
      if (!declared.some((m) => m.name === name))
        throw new Error(`rule module ${module.name} tests mechanic ${name} but does not declare it`);
    }
    for (const { name, description } of declared) {
      const uses = tests[name];
      if (uses === undefined)
        throw new Error(`rule module ${module.name} declares mechanic ${name} without its usesMechanic test`);
      if (uses === null) continue; // ruled out by the game's rules
      if (mechanics.some((m) => m.name === name))
        throw new Error(`mechanic ${name} is declared twice by the game's rule modules`);
      mechanics.push({ name, description, module: module.name, uses });
    }
  });
  return mechanics;
}

type Hooked<K extends keyof ExpansionHooks> = ExpansionHooks & Required<Pick<ExpansionHooks, K>>;
export interface HookLists {
  includeTile: Hooked<'includeTile'>[];
  allowOnOccupied: Hooked<'allowOnOccupied'>[];
  followUps: Hooked<'followUps'>[];
  meepleDeployed: Hooked<'meepleDeployed'>[];
  scoreFeature: Hooked<'scoreFeature'>[];
  featurePriced: Hooked<'featurePriced'>[];
  afterScoring: Hooked<'afterScoring'>[];
  endOfTurn: Hooked<'endOfTurn'>[];
  finalScoring: Hooked<'finalScoring'>[];
  evaluate: Hooked<'evaluate'>[];
}

export function collectHooks(hooks: ExpansionHooks[]): HookLists {
  const having = <K extends keyof ExpansionHooks>(key: K) => hooks.filter((h): h is Hooked<K> => h[key] !== undefined);
  return {
    includeTile: having('includeTile'),
    allowOnOccupied: having('allowOnOccupied'),
    followUps: having('followUps'),
    meepleDeployed: having('meepleDeployed'),
    scoreFeature: having('scoreFeature'),
    featurePriced: having('featurePriced'),
    afterScoring: having('afterScoring'),
    endOfTurn: having('endOfTurn'),
    finalScoring: having('finalScoring'),
    evaluate: having('evaluate'),
  };
}

/** Whether the expansions' rules admit catalog tile `type` into a game (`includeTile`, e.g. its edition). */
export function admits(hookLists: HookLists, catalog: Catalog, type: number): boolean {
  const tile = catalog.types[type]!;
  return hookLists.includeTile.every((h) => h.includeTile(tile));
}

/** The hooks that change a turn's value: a module with any of them needs a `preview` for its games to be previewed. */
const VALUE_HOOKS = [
  'allowOnOccupied',
  'followUps',
  'applyFollowUp',
  'scoreFeature',
  'afterScoring',
  'endOfTurn',
  'evaluate',
] as const satisfies readonly (keyof ExpansionHooks)[];

/** The expansions' previews (those of every module that has one), or undefined when a module changes a turn's value without one. */
export function modulePreviews(hooks: readonly ExpansionHooks[]): ModulePreview[] | undefined {
  const previews: ModulePreview[] = [];
  for (const h of hooks) {
    if (h.preview) previews.push(h.preview);
    else if (VALUE_HOOKS.some((key) => h[key] !== undefined)) return undefined;
  }
  return previews;
}
