/**
 * `carclab plan`: how many deals (or games) an experiment needs. Two questions:
 *   --diff D --sd S   deals for a paired comparison of two arms to detect a mean difference D when
 *                     the per-deal differences have standard deviation S (normal, then refined with t);
 *   --p1 P --p2 Q     games per arm to detect win rates P vs Q (with --one-sample: games to tell a
 *                     rate Q from a fixed P, e.g. a seat's 1/players).
 * Both take --alpha, --power, --sides and --json. The formulas are in `src/stats/sample-size-*.ts`.
 */
import { InputError } from '../engine/index.ts';
import { dealsForMeanDiff, gamesForWinRateDiff, normalQuantile, roundSignificant } from '../stats/index.ts';
import { numberFlag as parseNumberFlag } from './args.ts';
import type { Command } from './args.ts';

const USAGE =
  'carclab plan (--diff D --sd S | --p1 P --p2 Q [--one-sample]) [--alpha A] [--power B] [--sides 1|2] [--json]';

const numberFlag = (value: string | boolean | undefined, name: string, ok: (x: number) => boolean, what: string) =>
  parseNumberFlag(value, name, ok, what, USAGE);

const r = (x: number, digits = 7) => roundSignificant(x, digits);

/** Most deals (or games) the planner searches for; beyond this the question is not one a run can answer. */
export const PLAN_LIMIT = 1e9;

/** Refuses a question whose normal-approximation answer is already beyond `PLAN_LIMIT` (the exact search would not end). */
function checkWithinLimit(estimate: number, what: string): void {
  if (!(estimate <= PLAN_LIMIT)) {
    throw new InputError(
      'usage',
      `carclab plan: detecting this would take about ${estimate.toPrecision(2)} ${what}, more than the ${PLAN_LIMIT.toExponential(0)} the planner searches; ask for a larger difference`,
    );
  }
}

export const planCommand: Command = {
  name: 'plan',
  usage: USAGE,
  summary: 'Plans the number of deals (or games) needed to detect a mean difference or a win-rate difference.',
  flags: {
    diff: { type: 'string', help: 'mean difference to detect between two arms (per deal, e.g. points)' },
    sd: { type: 'string', help: 'standard deviation of the per-deal differences between the arms' },
    p1: { type: 'string', help: 'win rate of the first arm (or the fixed rate with --one-sample)' },
    p2: { type: 'string', help: 'win rate of the second arm (or the true rate with --one-sample)' },
    'one-sample': { type: 'boolean', help: 'with --p1/--p2: test one rate p2 against the fixed p1' },
    alpha: { type: 'string', help: 'significance level', default: '0.05' },
    power: { type: 'string', help: 'power: chance of detecting the difference when it is real', default: '0.8' },
    sides: { type: 'string', help: 'two-sided (2) or one-sided (1) test', default: '2' },
    json: { type: 'boolean', help: 'print the result as one JSON object' },
  },
  async run(positionals, flags) {
    if (positionals.length)
      throw new InputError(
        'usage',
        `carclab plan takes no positional arguments, got ${JSON.stringify(positionals[0])}\nusage: ${USAGE}`,
      );
    const alpha = numberFlag(flags.alpha, 'alpha', (x) => x > 0 && x < 1, 'a number between 0 and 1')!;
    const power = numberFlag(flags.power, 'power', (x) => x > 0 && x < 1, 'a number between 0 and 1')!;
    const sides = numberFlag(flags.sides, 'sides', (x) => x === 1 || x === 2, '1 or 2') as 1 | 2;
    if (!(power > alpha / sides))
      throw new InputError('usage', `--power (${power}) must exceed alpha/sides (${alpha / sides})`);
    const diff = numberFlag(flags.diff, 'diff', (x) => x !== 0, 'a non-zero number');
    const sd = numberFlag(flags.sd, 'sd', (x) => x > 0, 'a positive number');
    const p1 = numberFlag(flags.p1, 'p1', (x) => x > 0 && x < 1, 'a win rate between 0 and 1');
    const p2 = numberFlag(flags.p2, 'p2', (x) => x > 0 && x < 1, 'a win rate between 0 and 1');
    const mean = diff !== undefined || sd !== undefined;
    const rate = p1 !== undefined || p2 !== undefined;
    if (mean === rate)
      throw new InputError('usage', `carclab plan: give either --diff and --sd, or --p1 and --p2\nusage: ${USAGE}`);
    const test = `alpha ${alpha}, ${sides === 2 ? 'two' : 'one'}-sided, power ${power}`;
    if (mean) {
      if (diff === undefined || sd === undefined)
        throw new InputError('usage', `carclab plan: --diff and --sd go together\nusage: ${USAGE}`);
      if (flags['one-sample']) throw new InputError('usage', '--one-sample applies to --p1/--p2 only');
      checkWithinLimit(
        (((normalQuantile(1 - alpha / sides) + normalQuantile(power)) * sd) / Math.abs(diff)) ** 2,
        'deals',
      );
      const plan = dealsForMeanDiff({ diff, sd, alpha, power, sides });
      if (flags.json) process.stdout.write(`${JSON.stringify(plan)}\n`);
      else {
        process.stdout.write(
          [
            `Paired comparison of two arms on the same deals: mean difference ${diff}, sd of per-deal differences ${sd} (${test}).`,
            `  normal approximation  n = ((${r(plan.zAlpha)} + ${r(plan.zPower)}) × ${sd} / ${Math.abs(diff)})² = ${plan.normalExact.toFixed(2)} → ${plan.normalDeals} deals`,
            `  refined with t        n = ((${r(plan.tAlpha)} + ${r(plan.tPower)}) × ${sd} / ${Math.abs(diff)})² = ${((((plan.tAlpha + plan.tPower) * plan.sd) / Math.abs(plan.diff)) ** 2).toFixed(2)} with ${plan.tDeals - 1} df → ${plan.tDeals} deals`,
            `  exact (noncentral t)  n = ${plan.deals} deals, power ${plan.achievedPower.toFixed(4)}`,
            `Every arm plays each deal: games per arm = ${plan.deals} × the arm's games per deal (its seat rotations).`,
            '',
          ].join('\n'),
        );
      }
      return 0;
    }
    if (p1 === undefined || p2 === undefined)
      throw new InputError('usage', `carclab plan: --p1 and --p2 go together\nusage: ${USAGE}`);
    if (p1 === p2) throw new InputError('usage', '--p1 and --p2 must differ');
    const oneSample = flags['one-sample'] === true;
    checkWithinLimit(
      ((normalQuantile(1 - alpha / sides) + normalQuantile(power)) / (p2 - p1)) ** 2 *
        Math.max(p1 * (1 - p1), p2 * (1 - p2)) *
        2,
      'games',
    );
    const plan = gamesForWinRateDiff({ p1, p2, alpha, power, sides, oneSample });
    if (flags.json) process.stdout.write(`${JSON.stringify(plan)}\n`);
    else {
      const formula = oneSample
        ? `n = (${r(plan.zAlpha)}·√(${p1}·${r(1 - p1)}) + ${r(plan.zPower)}·√(${p2}·${r(1 - p2)}))² / (${p2} − ${p1})²`
        : `n = (${r(plan.zAlpha)}·√(2·${r((p1 + p2) / 2)}·${r(1 - (p1 + p2) / 2)}) + ${r(plan.zPower)}·√(${p1}·${r(1 - p1)} + ${p2}·${r(1 - p2)}))² / (${p1} − ${p2})²`;
      process.stdout.write(
        [
          oneSample
            ? `Win rate ${p2} against a fixed ${p1} (${test}):`
            : `Win rates ${p1} vs ${p2} in two arms (${test}):`,
          `  ${formula} = ${r(plan.exact, 6)}`,
          `  → ${plan.games} games${oneSample ? '' : ' per arm'} (normal approximation; conservative for arms paired on the same deals and for shared wins)`,
          '',
        ].join('\n'),
      );
    }
    return 0;
  },
};
