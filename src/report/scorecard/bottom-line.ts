/**
 * The scorecard's bottom line: what a designer would say at the table, in one to three plain
 * sentences ranked by the size of the effect, each naming the finding (and chart) below it that
 * backs it.
 *
 * Every effect the scorecard measures is a candidate — points by source, the mean score, meeples
 * placed per feature kind, the rule's direct effect on who wins (the same games rescored), seat
 * fairness, closeness (margin, close games), lead changes and skill reward. An effect is *measured*
 * at a level when its 95 % interval excludes zero there (or every deal moved by the same nonzero
 * amount). Measured effects are ranked by size on one scale, a fraction: a mean's change relative to
 * the baseline's value (a new source of points: relative to the mean score), a share's change in
 * shares (percentage points / 100), the rescored winner flips as the share of games. The two largest
 * (three when nothing is unmeasured) get a sentence each; the effects measured at no level are named
 * in a last sentence, "… do not change measurably" — never an effect whose interval excludes zero at
 * some level.
 */
import { directionOf } from './measures.ts';
import type { ArmPair } from './measures.ts';
import type { LevelCard, Scorecard } from './scorecard.ts';

/** The findings of the verdict page a sentence can point to (`report.ts` numbers them). */
export type FindingKey = 'sources' | 'winner' | 'meeples' | 'seats' | 'closeness' | 'skill';

export interface BottomLine {
  sentences: { text: string; findings: FindingKey[] }[];
  /** Effects measured at some level but left out of the sentences (smaller than those stated). */
  more: number;
}

interface Candidate {
  finding: FindingKey;
  size: number;
  text: string;
}

/** An effect at each level: direction (−1, 0, +1), and where measured its size and a short text. */
interface AtLevel {
  level: string;
  direction: number;
  size: number;
  /** e.g. "16.7 → 22.7 at greedy". */
  detail: string;
}

/** What a finding says does not change: its name ("seat fairness") and where it is shown. */
interface Unchanged {
  name: string;
  finding: FindingKey;
}

/** A family of effects: the measured ones as candidates, or its name when no level measures it. */
interface Effects {
  candidates: Candidate[];
  unchanged: Unchanged[];
}

/** A level's difference, how to size it, and how to say its two values. */
interface LevelDifference {
  d: { estimate: number | null; lo: number | null; hi: number | null; alike?: boolean };
  /** The size of a difference on the common scale (a fraction). */
  size: (difference: number) => number;
  /** e.g. "16.7 → 22.7". */
  values: string;
}

const SOURCE_NAMES: Readonly<Record<string, string>> = {
  field: 'field points (farmers)',
  road: 'road points',
  city: 'city points',
  monastery: 'monastery points',
  toll: 'toll points',
  labyrinth: 'labyrinth points',
  king: 'King card points',
  robber: 'Robber Baron card points',
  compensation: 'seat compensation points',
};

const one = (x: number | null, digits = 1) => (x === null ? '–' : x.toFixed(digits));
const pctOf = (x: number) => `${Math.round(x * 100)} %`;
const listed = (xs: readonly string[]) =>
  xs.length <= 1 ? xs.join('') : `${xs.slice(0, -1).join(', ')} and ${xs[xs.length - 1]}`;
const capital = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

/**
 * "about 40 %", or "36–49 %" when the levels' sizes round apart; "up to 8 %" when the smallest
 * rounds to 0 %, "under 1 %" when all do (a measured change is never printed as 0 %).
 */
function relativeText(sizes: readonly number[]): string {
  const lo = Math.min(...sizes);
  const hi = Math.max(...sizes);
  const round = (x: number) => (x < 0.1 ? Math.max(1, Math.round(x * 100)) : Math.round(x * 20) * 5);
  if (round(lo) === round(hi)) return hi < 0.005 ? 'under 1 %' : `about ${round(hi)} %`;
  return Math.round(lo * 100) === 0
    ? `up to ${Math.round(hi * 100)} %`
    : `${Math.round(lo * 100)}–${Math.round(hi * 100)} %`;
}

/** An effect at every level that has it: measured where its difference's interval excludes zero. */
function atLevels(scorecard: Scorecard, of: (card: LevelCard) => LevelDifference | null | undefined): AtLevel[] {
  return scorecard.levels.flatMap((card) => {
    const x = of(card);
    if (!x) return [];
    const direction = directionOf({ ...x.d, alike: x.d.alike ?? false });
    const size = direction ? x.size(x.d.estimate!) : 0;
    return [{ level: card.level, direction, size, detail: `${x.values} at ${card.level}` }];
  });
}

/** A mean in both arms, sized relative to `reference` (default: the baseline's value). */
function meanDifference(pair: ArmPair | undefined, digits = 1, reference?: number | null): LevelDifference | null {
  if (!pair) return null;
  const ref = reference ?? pair.baseline.estimate;
  return {
    d: pair.difference,
    size: (d) => (ref ? Math.abs(d / ref) : 0),
    values: `${one(pair.baseline.estimate, digits)} → ${one(pair.variant.estimate, digits)}`,
  };
}

/** A share's difference, sized in shares. */
const shareDifference = (d: LevelDifference['d'], values: string): LevelDifference => ({
  d,
  size: (x) => Math.abs(x),
  values,
});

/** The levels where the effect is measured, its direction (0 if it differs between levels) and its largest size. */
function measured(at: readonly AtLevel[]): { levels: AtLevel[]; direction: number; size: number } {
  const levels = at.filter((a) => a.direction !== 0);
  const directions = new Set(levels.map((a) => a.direction));
  return {
    levels,
    direction: directions.size === 1 ? levels[0]!.direction : 0,
    size: Math.max(0, ...levels.map((a) => a.size)),
  };
}

/** ", not measurable at random" for the levels where an effect measured elsewhere is not. */
const elsewhere = (at: readonly AtLevel[]) => {
  const not = at.filter((a) => a.direction === 0).map((a) => a.level);
  return not.length ? `; no measurable change at ${listed(not)}` : '';
};

/** Which way the quantity moved: "rise by about 40 %", or per level when the levels disagree. */
function moves(m: ReturnType<typeof measured>, up = 'rise', down = 'fall'): string {
  if (m.direction === 0) return 'change in opposite directions at different levels';
  return `${m.direction > 0 ? up : down} by ${relativeText(m.levels.map((l) => l.size))}`;
}

/** A family measured at some level (its candidates), or said unchanged — only if some level has it at all. */
const effects = (candidates: Candidate[], unchanged: Unchanged, ...at: readonly AtLevel[][]): Effects =>
  candidates.length
    ? { candidates, unchanged: [] }
    : { candidates: [], unchanged: at.some((a) => a.length) ? [unchanged] : [] };

const details = (m: ReturnType<typeof measured>, at: readonly AtLevel[]) =>
  `${m.levels.map((l) => l.detail).join(', ')}${elsewhere(at)}`;

/** One member of a family of effects (a source of points, a kind of meeple) at every level. */
interface Member {
  key: string;
  at: AtLevel[];
  m: ReturnType<typeof measured>;
}

/** The members measured at some level, largest first. */
function family(
  scorecard: Scorecard,
  keys: readonly string[],
  of: (card: LevelCard, key: string) => LevelDifference | null,
): Member[] {
  const members = keys.flatMap((key) => {
    const at = atLevels(scorecard, (c) => of(c, key));
    const m = measured(at);
    return m.levels.length ? [{ key, at, m }] : [];
  });
  return members.sort((x, y) => y.m.size - x.m.size);
}

/** The other members that moved, by direction: ", while road and city points fall (4–9 %)". */
function othersText(top: Member, rest: readonly Member[], say: (keys: string[], up: boolean) => string): string {
  const sizes = (ms: readonly Member[]) => relativeText(ms.flatMap((x) => x.m.levels.map((l) => l.size)));
  const up = top.m.direction > 0;
  const opposite = rest.filter((x) => x.m.direction === -top.m.direction && x.m.direction !== 0);
  const same = rest.filter((x) => x.m.direction === top.m.direction && x.m.direction !== 0);
  const parts = [
    opposite.length
      ? `${say(
          opposite.map((x) => x.key),
          !up,
        )} (${sizes(opposite)})`
      : '',
    same.length
      ? `${say(
          same.map((x) => x.key),
          up,
        )} too (${sizes(same)})`
      : '',
  ].filter(Boolean);
  return parts.length ? `, while ${parts.join(' and ')}` : '';
}

function sourceEffects(scorecard: Scorecard): Candidate[] {
  const sources = [...new Set(scorecard.levels.flatMap((c) => c.sources.map((s) => s.source)))];
  const found = family(scorecard, sources, (c, source) => {
    // A source the baseline lacks (a new expansion's) is sized against the mean score.
    const pair = c.sources.find((s) => s.source === source);
    return meanDifference(pair, 1, pair?.baseline.estimate || c.score.baseline.estimate);
  });
  if (!found.length) return [];
  const [top, ...rest] = found as [Member, ...Member[]];
  const word = (source: string) => SOURCE_NAMES[source] ?? `${source} points`;
  const others = othersText(
    top,
    rest,
    (keys, up) => `${listed(keys.map((k) => word(k).replace(/ points.*$/, '')))} points ${up ? 'rise' : 'fall'}`,
  );
  return [
    {
      finding: 'sources',
      size: top.m.size,
      text: `${capital(word(top.key))} per player ${moves(top.m)} (${details(top.m, top.at)})${others}.`,
    },
  ];
}

function scoreEffect(scorecard: Scorecard): Candidate[] {
  const at = atLevels(scorecard, (c) => meanDifference(c.score));
  const m = measured(at);
  if (!m.levels.length) return [];
  return [{ finding: 'sources', size: m.size, text: `The mean score per player ${moves(m)} (${details(m, at)}).` }];
}

/** The meeple kinds: what the sentence calls them, and where they go. */
const MEEPLE_WORDS: Readonly<Record<string, { them: string; where: string }>> = {
  farmersPlaced: { them: 'farmers', where: 'fields' },
  roadMeeplesPlaced: { them: 'meeples on roads', where: 'roads' },
  cityMeeplesPlaced: { them: 'meeples in cities', where: 'cities' },
  monasteryMeeplesPlaced: { them: 'meeples on monasteries', where: 'monasteries' },
};

function meepleEffects(scorecard: Scorecard): Candidate[] {
  const found = family(scorecard, Object.keys(MEEPLE_WORDS), (c, stat) =>
    meanDifference(
      c.meeples.find((k) => k.stat === stat),
      2,
    ),
  );
  if (!found.length) return [];
  const [top, ...rest] = found as [Member, ...Member[]];
  const how =
    top.m.direction === 0
      ? `${moves(top.m)} numbers of`
      : `${relativeText(top.m.levels.map((l) => l.size))} ${top.m.direction > 0 ? 'more' : 'fewer'}`;
  const others = othersText(
    top,
    rest,
    (keys, up) => `${up ? 'more' : 'fewer'} go to ${listed(keys.map((k) => MEEPLE_WORDS[k]!.where))}`,
  );
  return [
    {
      finding: 'meeples',
      size: top.m.size,
      text: `Players place ${how} ${MEEPLE_WORDS[top.key]!.them} per game (${details(top.m, top.at)})${others}.`,
    },
  ];
}

function winnerEffect(scorecard: Scorecard): Effects {
  const rescored = scorecard.levels.flatMap((c) => {
    const r = c.winnerChangedDetail.rescored;
    return r && r.share !== null ? [{ level: c.level, share: r.share, lo: r.lo ?? 0 }] : [];
  });
  const flips = rescored.filter((x) => x.lo > 0);
  const top = Math.max(0, ...flips.map((x) => x.share));
  return effects(
    flips.length
      ? [
          {
            finding: 'winner',
            size: top,
            text: `The rule alone changes the winner in about 1 game in ${Math.round(1 / top)} (the same games rescored: ${flips.map((x) => `${pctOf(x.share)} at ${x.level}`).join(', ')}).`,
          },
        ]
      : [],
    { name: 'who wins the same games', finding: 'winner' },
    rescored.map((x) => ({ level: x.level, direction: 0, size: 0, detail: '' })),
  );
}

function seatEffect(scorecard: Scorecard): Effects {
  const at = atLevels(scorecard, (c) => {
    // The largest difference among the seats Holm keeps (2 players: seat 0, the one question); none kept: not measured.
    const kept = (s: LevelCard['seats']['seats'][number]) => s.holm === null || s.holm <= 0.05;
    const seat = [...c.seats.seats].sort(
      (x, y) =>
        Number(kept(y)) - Number(kept(x)) ||
        Math.abs(y.difference.estimate ?? 0) - Math.abs(x.difference.estimate ?? 0),
    )[0];
    if (!seat) return null;
    const values = `seat ${seat.seat + 1} wins ${pctOf(seat.baseline.estimate ?? 0)} → ${pctOf(seat.variant.estimate ?? 0)}`;
    return shareDifference(
      kept(seat) ? seat.difference : { ...seat.difference, lo: null, hi: null, alike: false },
      values,
    );
  });
  const m = measured(at);
  return effects(
    m.levels.length ? [{ finding: 'seats', size: m.size, text: `Seat fairness changes (${details(m, at)}).` }] : [],
    { name: 'seat fairness', finding: 'seats' },
    at,
  );
}

function closenessEffect(scorecard: Scorecard): Effects {
  const margin = atLevels(scorecard, (c) => meanDifference(c.margin));
  const close = atLevels(scorecard, (c) => {
    const { baseline, variant, difference } = c.quality;
    if (!baseline || !variant || !difference) return null;
    const values = `close games ${pctOf(baseline.closeShare.estimate ?? 0)} → ${pctOf(variant.closeShare.estimate ?? 0)}`;
    return shareDifference(difference.closeShare, values);
  });
  const mm = measured(margin);
  const mc = measured(close);
  const parts = [
    mm.levels.length ? `the winner's margin ${moves(mm, 'grows', 'shrinks')} (${details(mm, margin)})` : '',
    mc.levels.length ? details(mc, close) : '',
  ].filter(Boolean);
  return effects(
    parts.length
      ? [{ finding: 'closeness', size: Math.max(mm.size, mc.size), text: `Closeness changes: ${parts.join('; ')}.` }]
      : [],
    { name: close.length ? 'closeness (margin, close games)' : 'closeness (margin)', finding: 'closeness' },
    margin,
    close,
  );
}

function leadEffect(scorecard: Scorecard): Effects {
  const at = atLevels(scorecard, (c) => {
    const { baseline, variant, difference } = c.quality;
    if (!baseline || !variant || !difference) return null;
    const base = baseline.leadChanges.estimate;
    return {
      d: difference.leadChanges,
      size: (d) => (base ? Math.abs(d / base) : 0),
      values: `${one(base)} → ${one(variant.leadChanges.estimate)} lead changes per game`,
    };
  });
  const m = measured(at);
  const how = m.direction > 0 ? 'more' : m.direction < 0 ? 'less' : 'differently';
  return effects(
    m.levels.length
      ? [{ finding: 'closeness', size: m.size, text: `The lead changes hands ${how} often (${details(m, at)}).` }]
      : [],
    { name: 'lead changes', finding: 'closeness' },
    at,
  );
}

function skillEffect(scorecard: Scorecard): Effects {
  const at = atLevels(scorecard, (c) => {
    const s = c.skillDepth;
    if (!s) return null;
    const values = `${c.level} beats ${s.against} ${pctOf(s.baseline.estimate ?? 0)} → ${pctOf(s.variant.estimate ?? 0)}`;
    return shareDifference(s.difference, values);
  });
  const m = measured(at);
  const how = m.direction > 0 ? 'more' : m.direction < 0 ? 'less' : 'differently';
  return effects(
    m.levels.length
      ? [{ finding: 'skill', size: m.size, text: `The rule rewards skill ${how} (${details(m, at)}).` }]
      : [],
    { name: 'skill reward', finding: 'skill' },
    at,
  );
}

/** The bottom line of a scorecard (see the module comment). */
export function bottomLine(scorecard: Scorecard): BottomLine {
  const families = [winnerEffect, seatEffect, closenessEffect, leadEffect, skillEffect].map((f) => f(scorecard));
  const candidates = [
    ...sourceEffects(scorecard),
    ...scoreEffect(scorecard),
    ...meepleEffects(scorecard),
    ...families.flatMap((f) => f.candidates),
  ].sort((x, y) => y.size - x.size);
  const unchanged = families.flatMap((f) => f.unchanged);
  const stated = candidates.slice(0, unchanged.length ? 2 : 3);
  const sentences = stated.map((c) => ({ text: c.text, findings: [c.finding] }));
  if (unchanged.length) {
    const names = unchanged.map((u) => u.name);
    sentences.push({
      text: `${capital(listed(names))} ${names.length === 1 ? 'does' : 'do'} not change measurably at any level (every interval includes zero).`,
      findings: [...new Set(unchanged.map((u) => u.finding))],
    });
  }
  if (!sentences.length) sentences.push({ text: 'Nothing this study measures changes measurably.', findings: [] });
  return { sentences, more: candidates.length - stated.length };
}
