/**
 * The designer's question of a `carclab study` ("What changes when a field majority scores 4 points
 * per completed bordering city instead of 3 (2 players, base game)?"), written from the rule
 * parameters' own descriptions (`ParamDef.description`, declared by each rule module) and their
 * official values, so a new parameter needs no wording of its own:
 *   - "SUBJECT: points per THING" (a number) → "a SUBJECT scores N points per THING instead of D"; a
 *     SUBJECT that is one word (a variant: "advanced: points per meeple …") → "the SUBJECT variant pays …";
 *   - any other number → "with N DESCRIPTION instead of D" ("with 5 meeples per player instead of 7");
 *   - a choice or a list → "with NAME VALUE instead of D (DESCRIPTION)".
 * With `--expansions` alone: "What changes when The Tollkeepers is added to the base game (2 players)?"
 */
import { valueText } from '../../engine/index.ts';
import type { ParamDef, ParamValue } from '../../engine/index.ts';

const POINTS_PER = /^([^:]+):\s*points per (.+)$/;

/** One rule's clause: "when …" or "with …". */
export function ruleClause(def: ParamDef, value: ParamValue): string {
  const official = valueText(def.default);
  const points = typeof value === 'number' && def.kind !== 'list' ? POINTS_PER.exec(def.description) : null;
  if (points) {
    const [, subject, thing] = points as unknown as [string, string, string];
    const amount = `${value} point${value === 1 ? '' : 's'} per ${thing}`;
    return /\s/.test(subject.trim())
      ? `when ${/^[aeiou]/i.test(subject) ? 'an' : 'a'} ${subject.trim()} scores ${amount} instead of ${official}`
      : `when the ${subject.trim()} variant pays ${amount} instead of ${official}`;
  }
  if (typeof value === 'number' && def.kind !== 'list')
    return `with ${value} ${def.description} instead of ${official}`;
  return `with ${def.name} ${value} instead of ${official} (${def.description})`;
}

/** The question of a study: the house rules against the official ones, or the expansions against the base game. */
export function designerQuestion(setup: {
  rules: Readonly<Record<string, ParamValue>>;
  defs: readonly ParamDef[];
  players: number;
  titles: readonly string[];
}): string {
  const { rules, defs, players, titles } = setup;
  const where = `${players} players, ${titles.length ? titles.join(' + ') : 'base game'}`;
  const names = Object.keys(rules);
  if (!names.length)
    return `What changes when ${titles.join(' and ')} ${titles.length === 1 ? 'is' : 'are'} added to the base game (${players} players)?`;
  const clauses = names.map((name) => {
    const def = defs.find((d) => d.name === name);
    if (!def) throw new Error(`no rule parameter ${name}`);
    return ruleClause(def, rules[name]!);
  });
  return `What changes ${clauses.join(' and ')} (${where})?`;
}
