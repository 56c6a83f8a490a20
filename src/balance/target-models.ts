/**
 * The search's models of its targets (`model.ts` applied to the rule sets measured): per target, one
 * additive model per part of its metric, fitted on the deals every rule set shares (the `smooth` fit,
 * which proposes rule sets); the same models with their level moved by more deals; and each
 * target's main effects with their intervals (the `free` fit, unshrunk).
 */
import { influences, partValue } from './estimate.ts';
import type { CandidateData } from './estimate.ts';
import { fitOf, mainEffects, misfitOf, modelOf } from './model.ts';
import type { MainEffect, Misfit, ModelFit, ModelSpace } from './model.ts';
import type { TargetModels } from './propose.ts';
import type { LossTarget } from './loss.ts';

/** What the search looks for: the knobs' space and the targets (defined here, where the models are fitted). */
export interface SearchProblem {
  space: ModelSpace;
  targets: LossTarget[];
  /** Per target, the knobs that apply to its games. */
  relevant: number[][];
}

/** Rule sets measured: value indices per knob, and their data. */
export interface Measured {
  point: number[];
  data: CandidateData;
}

/** The search's (`smooth`) fit of each distinct set of relevant knobs over the rule sets' points, per target. */
function fitsOf(problem: SearchProblem, measured: readonly Measured[]): ModelFit[] {
  const fits = new Map<string, ModelFit>();
  const points = measured.map((m) => m.point);
  return problem.relevant.map((knobs) => {
    const key = knobs.join(',');
    if (!fits.has(key)) fits.set(key, fitOf(problem.space, points, knobs, 'smooth'));
    return fits.get(key)!;
  });
}

/** Per target, one additive model per part of its metric, fitted on deals [0, n). */
export function modelsOf(problem: SearchProblem, measured: readonly Measured[], n: number): TargetModels[] {
  const fits = fitsOf(problem, measured);
  return problem.targets.map((target, t) => ({
    target,
    parts: measured[0]!.data.targets[t]!.map((part, j) => ({
      model: modelOf(
        fits[t]!,
        problem.space,
        measured.map((m) => partValue(m.data.targets[t]![j]!, n)),
      ),
      around: part.around,
    })),
  }));
}

/**
 * The models with each part's constant moved by the pool's mean change from the first n₀ deals to
 * all n (the deals' shared luck, which pairing cancels in comparisons but not in a target's level).
 */
export function relevelled(models: TargetModels[], pool: readonly Measured[], n0: number, n: number): TargetModels[] {
  return models.map((m, t) => ({
    target: m.target,
    parts: m.parts.map((p, j) => {
      const change = (d: CandidateData) => partValue(d.targets[t]![j]!, n) - partValue(d.targets[t]![j]!, n0);
      const shift = pool.reduce((s, e) => s + change(e.data), 0) / pool.length;
      return { around: p.around, model: { ...p.model, intercept: p.model.intercept + shift } };
    }),
  }));
}

/** A target's main effects (per part for a target of several) and how well its knobs add up. */
export interface TargetEffects {
  effects: (MainEffect & { part: number | null })[];
  misfits: (Misfit & { part: number | null })[];
}

/**
 * Per target, the main effects of its knobs on its metric from deals [0, n) of every rule set
 * measured, each setup of the target's knobs once (the unshrunk `free` fit, not the search's), and
 * the fit's misfit; for a target of
 * several parts (`seatWinGap`), on each part (each seat's win share), whose effects add up where the
 * gap's largest distance does not.
 */
export function effectsOf(problem: SearchProblem, measured: readonly Measured[], n: number): TargetEffects[] {
  return problem.targets.map((target, t) => {
    // Rule sets alike in the target's knobs played the same games: one measurement, counted once.
    const knobs = problem.relevant[t]!;
    const rows = measured.filter(
      (m, i) => measured.findIndex((o) => knobs.every((k) => o.point[k] === m.point[k])) === i,
    );
    const fit = fitOf(
      problem.space,
      rows.map((m) => m.point),
      knobs,
      'free',
    );
    const parts = measured[0]!.data.targets[t]!.map((_, j) => j);
    const each = parts.map((j) => {
      const values = rows.map((m) => partValue(m.data.targets[t]![j]!, n));
      const psi = rows.map((m) => influences(m.data.targets[t]![j]!, n));
      const part = target.combine === 'value' ? null : j;
      return {
        effects: mainEffects(fit, problem.space, values, psi, n).map((e) => ({ ...e, part })),
        misfit: { ...misfitOf(fit, values, psi, n), part },
      };
    });
    return { effects: each.flatMap((e) => e.effects), misfits: each.map((e) => e.misfit) };
  });
}
