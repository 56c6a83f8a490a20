/**
 * The bottom line of a study report and of the suite report: the stated conclusions ranked by the
 * size of their effect, one plain sentence each for the two largest, and a last sentence naming the
 * conclusions no level establishes. A conclusion is established at a level when its interval lies
 * wholly on one side of its reference (and, for a seat, its arm's joint seat test flags it there).
 * Sizes share one scale, a fraction: a share's distance from its reference in shares, a quantity in
 * points as a fraction of the level's mean score per player (the base arm's; a total per game, of the
 * game's points). A level with fewer than `FEW_DEALS` deals is named with its deals.
 */
import type { Conclusion } from './levels.ts';
import { FEW_DEALS, jointFlagged, sideOf, verdictOf } from './levels.ts';
import { fixed, signed } from './numbers.ts';
import { findingLink } from './verdict.ts';

export interface StatedConclusion {
  conclusion: Conclusion;
  /** The study's level names, in the conclusion's order. */
  levels: readonly string[];
  /** Its number on the verdict page. */
  finding: number;
  /** Per level, the mean score per player of the base arm (the scale of a quantity in points); null where unknown. */
  meanScore: readonly (number | null)[];
  /** Players per game: a per-game total (`Conclusion.perGame`) is sized against the game's points. */
  players: number;
  /** Shown before the sentence (the suite names the study). */
  prefix?: string;
}

const capital = (t: string) => t.charAt(0).toUpperCase() + t.slice(1);
const listed = (xs: readonly string[]) =>
  xs.length <= 1 ? xs.join('') : `${xs.slice(0, -1).join(', ')} and ${xs[xs.length - 1]}`;

/** The conclusion's established levels with their values and sizes. */
function established(s: StatedConclusion) {
  const c = s.conclusion;
  const share = c.kind === 'share' || !!c.percent;
  const value = (x: number) =>
    share
      ? c.kind === 'difference'
        ? `${signed(x * 100, 1)} pp`
        : `${fixed(x * 100, 1)} %`
      : c.kind === 'difference'
        ? signed(x, 2)
        : fixed(x, 2);
  const at = verdictOf(c).estimates.flatMap((e, k) => {
    if (!e || e.estimate === null || !jointFlagged(c, k) || sideOf(e, c.reference) === 0) return [];
    const distance = Math.abs(e.estimate - c.reference);
    const mean = s.meanScore[k];
    const scale = share ? 1 : mean ? mean * (c.perGame ? s.players : 1) : null;
    const few = e.deals < FEW_DEALS ? ` (${e.deals} deals)` : '';
    return [
      { level: s.levels[k]!, text: `${value(e.estimate)} at ${s.levels[k]}${few}`, size: scale ? distance / scale : 0 },
    ];
  });
  return { at, size: Math.max(0, ...at.map((a) => a.size)), share };
}

export function studyBottomLine(stated: readonly StatedConclusion[]): string[] {
  const sized = stated.map((s) => ({ s, ...established(s) }));
  const found = sized.filter((x) => x.at.length).sort((a, b) => b.size - a.size);
  const none = sized.filter((x) => !x.at.length);
  const lines = found.slice(0, none.length ? 2 : 3).map(({ s, at, size, share }) => {
    const not = s.levels.filter((l, k) => s.conclusion.values[k] && !at.some((a) => a.level === l));
    const of = s.conclusion.perGame ? "the game's points" : "a player's mean score";
    const scale = !share && size > 0 ? `, up to ${Math.round(size * 100)} % of ${of}` : '';
    return `${s.prefix ?? ''}${capital(s.conclusion.label)}: ${at.map((a) => a.text).join(', ')}${scale}${not.length ? `; not established at ${listed(not)}` : ''} (${findingLink(s.finding)}).`;
  });
  if (none.length) {
    const links = none.map((x) => findingLink(x.s.finding)).join(', ');
    lines.push(
      none.length <= 2
        ? `No measurable effect at any level (every interval includes its reference): ${none.map((x) => `${x.s.prefix ?? ''}${x.s.conclusion.label}`).join('; ')} (${links}).`
        : `${none.length} of the ${stated.length} stated conclusions show no measurable effect at any level (every interval includes its reference; ${links}).`,
    );
  }
  const more = found.length - (none.length ? 2 : 3);
  if (more > 0)
    lines[lines.length - (none.length ? 2 : 1)] +=
      ` ${more} smaller established effect${more === 1 ? ' follows' : 's follow'} below.`;
  return lines;
}
