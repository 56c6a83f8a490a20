/**
 * The knobs of a balance file: rule parameters (a whole number or a real with a step, an entry of a
 * list rule such as `seatCompensation[2]`, an enumeration such as `kingRobberScoring`, true/false)
 * and tile counts (copies of any tile of the game, a designer's included), each with its values.
 * A knob may apply to the games of one player count only (`players`), e.g. one seat-compensation
 * entry per count. Found and set through the parameter system's knobs (`src/engine/params/knobs.ts`).
 */
import { InputError, MAX_TILES, domainValues, knobOf, rejectUnknownKeys, setKnob } from '../engine/index.ts';
import type { Domain, Game, ParamValue } from '../engine/index.ts';

export interface BalanceKnob {
  /** As shown: `seatCompensation[1]@3p`, `tile:Z1`, `farmerPointsPerCity`. */
  name: string;
  /** The rule and list entry it sets, or null for a tile count. */
  rule: string | null;
  entry: number | null;
  tile: string | null;
  /** It applies to games of this many players only; null: every game. */
  players: number | null;
  /** Its values, in order. */
  values: ParamValue[];
  /** Whole numbers or reals: neighbouring values are alike (the search's model smooths along them). */
  ordinal: boolean;
}

const KNOB_KEYS = ['rule', 'tile', 'players', 'min', 'max', 'step', 'values'];
const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** The values of a numeric knob: `values`, or min … max by `step` (whole numbers: every one by default). */
function numericValues(raw: Record<string, unknown>, domain: Domain, whole: boolean, fail: (m: string) => never) {
  const { min, max, step } = raw;
  if (typeof min !== 'number' || typeof max !== 'number' || !Number.isFinite(min) || !Number.isFinite(max))
    return fail(`give "min" and "max" (numbers) or "values", got ${JSON.stringify(min)} and ${JSON.stringify(max)}`);
  if (min >= max) fail(`empty range: "min" (${min}) must be below "max" (${max})`);
  if (domain.kind === 'int' || domain.kind === 'real')
    if (min < domain.min || max > domain.max)
      fail(`range [${min}, ${max}] leaves the parameter's domain: ${domain.min} to ${domain.max}`);
  if (whole && (!Number.isInteger(min) || !Number.isInteger(max)))
    fail(`"min" and "max" must be whole numbers, got ${min} and ${max}`);
  if (step !== undefined && (typeof step !== 'number' || !(step > 0) || !Number.isFinite(step)))
    return fail(`"step" must be a number > 0, got ${JSON.stringify(step)}`);
  if (whole && step !== undefined && !Number.isInteger(step))
    fail(`"step" of whole numbers must be whole, got ${step}`);
  if (!whole && step === undefined) fail('a real parameter needs a "step" (the grid the search tries)');
  const by = step as number | undefined;
  if (by !== undefined && by > max - min) fail(`"step" (${by}) is wider than the range [${min}, ${max}]`);
  // Whole numbers by a step: the real grid, rounded (min, min + step, …, max).
  if (whole && by === undefined) return domainValues({ kind: 'int', min, max });
  const grid = domainValues({ kind: 'real', min, max }, by);
  return whole ? grid.map((v) => Math.round(Number(v))) : grid;
}

/** The listed values of a knob, each checked against its domain. */
function listedValues(raw: unknown, domain: Domain, fail: (m: string) => never): ParamValue[] {
  if (!Array.isArray(raw) || raw.length < 2) return fail('"values" must list at least two values');
  const all = domain.kind === 'enum' ? domain.values : domain.kind === 'bool' ? [false, true] : null;
  for (const v of raw) {
    const ok = all
      ? all.includes(v as never)
      : typeof v === 'number' && v >= (domain as { min: number }).min && v <= (domain as { max: number }).max;
    const whole = domain.kind !== 'int' || Number.isInteger(v);
    if (!ok || !whole)
      fail(
        `value ${JSON.stringify(v)} is not ${all ? `one of ${all.map((x) => JSON.stringify(x)).join(', ')}` : `a ${domain.kind === 'int' ? 'whole number' : 'number'} from ${(domain as { min: number }).min} to ${(domain as { max: number }).max}`}`,
      );
  }
  if (new Set(raw.map((v) => JSON.stringify(v))).size < raw.length) fail('"values" lists a value twice');
  return raw as ParamValue[];
}

/**
 * Resolves one knob of the file against `gameOf(players)` (the game of a player count; null: the
 * smallest count played), checking its name, scope and values; `where` names it in messages.
 */
export function resolveKnob(
  raw: unknown,
  where: string,
  playedCounts: readonly number[],
  gameOf: (players: number) => Game,
): BalanceKnob {
  const fail = (message: string): never => {
    throw new InputError('experiment', `${where}: ${message}`);
  };
  if (!isObject(raw)) return fail('a knob must be { rule | tile, min, max, step? } or { rule | tile, values }');
  rejectUnknownKeys(raw, KNOB_KEYS, 'experiment', where);
  if ((raw.rule === undefined) === (raw.tile === undefined))
    fail('give either "rule" (a rule parameter) or "tile" (a tile id)');
  const players = raw.players ?? null;
  if (players !== null && (!Number.isInteger(players) || !playedCounts.includes(players as number)))
    fail(
      `"players" must be one of the player counts played (${playedCounts.join(', ')}), got ${JSON.stringify(players)}`,
    );
  const game = gameOf((players as number | null) ?? Math.min(...playedCounts));
  const scope = players === null ? '' : `@${players}p`;
  const hasValues = raw.values !== undefined;
  if (hasValues && (raw.min !== undefined || raw.max !== undefined || raw.step !== undefined))
    fail('give "values" or "min"/"max"/"step", not both');
  if (raw.tile !== undefined) {
    const id = raw.tile;
    if (typeof id !== 'string' || !game.catalog.has(id))
      fail(`unknown tile ${JSON.stringify(id)}; the game's tiles: ${game.catalog.types.map((t) => t.id).join(', ')}`);
    const domain: Domain = { kind: 'int', min: 0, max: MAX_TILES };
    const values = hasValues ? listedValues(raw.values, domain, fail) : numericValues(raw, domain, true, fail);
    return {
      name: `tile:${id}${scope}`,
      rule: null,
      entry: null,
      tile: id as string,
      players: players as number | null,
      values,
      ordinal: true,
    };
  }
  if (typeof raw.rule !== 'string') return fail('"rule" must be a rule name (or list[i] for an entry of a list rule)');
  const context = { where, code: 'experiment' as const, noun: 'rule', known: 'the rules of this game' };
  const knob = knobOf(game.paramDefs, raw.rule, context);
  const ordinal = knob.domain.kind === 'int' || knob.domain.kind === 'real';
  let values: ParamValue[];
  if (hasValues) values = listedValues(raw.values, knob.domain, fail);
  else if (ordinal) values = numericValues(raw, knob.domain, knob.domain.kind === 'int', fail);
  else values = domainValues(knob.domain);
  return {
    name: `${raw.rule}${scope}`,
    rule: knob.param.name,
    entry: knob.entry,
    tile: null,
    players: players as number | null,
    values,
    ordinal,
  };
}

/** Whether a knob applies to games of `players` players. */
export const appliesTo = (knob: BalanceKnob, players: number): boolean =>
  knob.players === null || knob.players === players;

/** The rules and tile counts of a game of `players` players at a point (one value index per knob). */
export function pointSetup(
  knobs: readonly BalanceKnob[],
  point: readonly number[],
  players: number,
  base: { rules: Readonly<Record<string, ParamValue>>; tileCounts: Readonly<Record<string, number>> },
): { rules: Record<string, ParamValue>; tileCounts: Record<string, number> } {
  let rules: Record<string, ParamValue> = { ...base.rules };
  const tileCounts: Record<string, number> = { ...base.tileCounts };
  knobs.forEach((knob, k) => {
    if (!appliesTo(knob, players)) return;
    const value = knob.values[point[k]!]!;
    if (knob.tile !== null) tileCounts[knob.tile] = Number(value);
    else rules = setKnob(rules, { param: { name: knob.rule! }, entry: knob.entry }, value);
  });
  return { rules, tileCounts };
}

/** `name=value` per knob (only those that apply to `players`-player games when given), e.g. `seatCompensation[1]@3p=4 tile:Z1=2`. */
export const pointLabel = (knobs: readonly BalanceKnob[], point: readonly number[], players?: number): string =>
  knobs
    .flatMap((knob, k) =>
      players === undefined || appliesTo(knob, players) ? [`${knob.name}=${knob.values[point[k]!]}`] : [],
    )
    .join(' ');

/** Two knobs that set the same thing for some player count: the same rule (entry) or tile, overlapping scopes. */
export function clashingKnobs(knobs: readonly BalanceKnob[]): [BalanceKnob, BalanceKnob] | null {
  for (let a = 0; a < knobs.length; a++)
    for (let b = a + 1; b < knobs.length; b++) {
      const [x, y] = [knobs[a]!, knobs[b]!];
      const same =
        x.tile !== null
          ? x.tile === y.tile
          : x.rule === y.rule && (x.entry === y.entry || x.entry === null || y.entry === null);
      const overlap = x.players === null || y.players === null || x.players === y.players;
      if (same && overlap) return [x, y];
    }
  return null;
}
