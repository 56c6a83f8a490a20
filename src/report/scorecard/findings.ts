/**
 * The scorecard's findings on its verdict page, a sentence and a chart each, the bottom line's
 * backing: where the points come from (both arms per level), "winner changed" beside the rule's
 * direct effect and both no-effect references, meeples placed per feature kind, seat fairness per
 * arm with the paired difference, and closeness (margin, close games, lead changes, drama,
 * decisiveness) as paired differences.
 */
import type { TopLevelSpec } from 'vega-lite';
import { estimatesChart } from '../../charts/index.ts';
import { count, fixed, intervalText, percentText, ppText, signed, signedIntervalText } from '../numbers.ts';
import type { Finding } from '../verdict.ts';
import { winnerChangeSentence } from '../winner-change.ts';
import type { ArmPair, Difference } from './measures.ts';
import type { LevelCard, Scorecard } from './scorecard.ts';

/** "+6.0 [+5.1, +6.9]", or "+6.0 (every deal alike)". */
export const differenceText = (d: Difference, digits = 2): string =>
  d.alike ? `${signed(d.estimate, digits)} (every deal alike)` : signedIntervalText(d, digits);

/** "16.7 → 22.7 (+6.0 [+5.1, +6.9])" */
const pairText = (p: ArmPair, digits = 2): string =>
  `${fixed(p.baseline.estimate, digits)} → ${fixed(p.variant.estimate, digits)} (${differenceText(p.difference, digits)})`;

/** The rows of a chart of both arms' values of one quantity per level and category. */
function armRows(
  scorecard: Scorecard,
  of: (card: LevelCard) => { category: string; pair: ArmPair }[],
): { level: string; category: string; arm: string; estimate: number; lower: number; upper: number }[] {
  return scorecard.levels.flatMap((card) =>
    of(card).flatMap(({ category, pair }) =>
      (
        [
          [scorecard.baseline.name, pair.baseline],
          [scorecard.variant.name, pair.variant],
        ] as const
      ).flatMap(([arm, e]) =>
        e.estimate === null
          ? []
          : [
              {
                level: card.level,
                category,
                arm,
                estimate: e.estimate,
                lower: e.lo ?? e.estimate,
                upper: e.hi ?? e.estimate,
              },
            ],
      ),
    ),
  );
}

const sizeOf = (scorecard: Scorecard) => scorecard.levels.map((c) => `${c.level} ${count(c.deals)} deals`).join(', ');

/** One line per level under a finding's first sentence (a Markdown list). */
const bullets = (lines: readonly string[]): string => `\n${lines.map((l) => `- ${l}`).join('\n')}`;

/**
 * A verdict chart that fits a phone (390 px): panels one under the other, no plot wider than
 * `NARROW`, the legend below the plot, so nothing needs a wider page.
 */
export function narrow(spec: TopLevelSpec): TopLevelSpec {
  const s = spec as TopLevelSpec & {
    columns?: number;
    width?: number;
    spec?: { width?: number };
    config?: { legend?: object };
  };
  const capped = (w: number | undefined) => (w !== undefined && w > NARROW ? { width: NARROW } : {});
  const title = (s as { title?: { text: string; subtitle?: string | string[] } }).title;
  return {
    ...s,
    ...(typeof title?.subtitle === 'string' ? { title: { ...title, subtitle: wrapped(title.subtitle) } } : {}),
    ...capped(s.width),
    ...(s.columns !== undefined ? { columns: 1 } : {}),
    ...(s.spec ? { spec: { ...s.spec, ...capped(s.spec.width) } } : {}),
    config: { ...s.config, legend: { ...s.config?.legend, orient: 'bottom', direction: 'vertical' } },
  } as TopLevelSpec;
}

/** The widest plot of a verdict chart, in pixels: with its labels it fits a 390-pixel screen. */
const NARROW = 260;

/** A subtitle as lines of at most about 50 characters (11-pixel text), broken at its parts, then at spaces. */
function wrapped(subtitle: string): string[] {
  const lines: string[] = [];
  for (const part of subtitle.split(/ · |; /)) {
    let line = '';
    for (const word of part.split(' ')) {
      if (line && line.length + word.length + 1 > 50) {
        lines.push(line);
        line = word;
      } else line = line ? `${line} ${word}` : word;
    }
    if (line) lines.push(line);
  }
  return lines;
}

export function sourcesFinding(scorecard: Scorecard): Finding {
  const { baseline, variant } = scorecard;
  const perLevel = scorecard.levels.map(
    (c) =>
      `${c.level}: ${c.sources.map((s) => `${s.source} ${pairText(s, 1)}`).join(', ')}; mean score ${pairText(c.score, 1)}`,
  );
  const rows = armRows(scorecard, (c) => c.sources.map((s) => ({ category: s.source, pair: s })));
  return {
    sentence: `**Where the points come from**: points per player and game, ${baseline.name} → ${variant.name}, and the change paired over the same deals (t 95 %):${bullets(perLevel)}`,
    chart: {
      name: 'sources',
      spec: narrow(
        estimatesChart(rows, {
          title: 'Points per player by source',
          subtitle: `${baseline.name} and ${variant.name} on the same deals; t 95 % intervals over deals`,
          runSize: sizeOf(scorecard),
          category: 'category',
          color: 'arm',
          facet: 'level',
          orient: 'horizontal',
          categoryTitle: null,
          colorTitle: null,
          facetTitle: null,
          valueTitle: 'points per player and game',
          zero: true,
          width: 230,
          height: Math.max(60, 26 * new Set(rows.map((r) => r.category)).size),
        }),
      ),
    },
  };
}

/**
 * Whether the two arms deal different tiles (expansions, tile files or tile counts) and so no game
 * of any level could be rescored: the report then says why, not "a move is not allowed there".
 */
export function dealsOtherTiles({ baseline, variant, levels }: Scorecard): boolean {
  const deck = (a: Scorecard['baseline']) =>
    JSON.stringify([[...a.expansions].sort(), a.tiles ?? [], Object.entries(a.tileCounts ?? {}).sort()]);
  return deck(baseline) !== deck(variant) && levels.every((c) => c.winnerChangedDetail.replayed === 0);
}

export function winnerFinding(scorecard: Scorecard): Finding {
  const rows = scorecard.levels.flatMap((c) => {
    const w = c.winnerChangedDetail;
    return (
      [
        ['the rule alone (same games rescored)', w.rescored],
        ['played out (the arms’ own games)', w.total],
        ['noise floor (same arm, other streams)', w.noiseFloor],
        ['independent games', w.independent],
      ] as const
    ).flatMap(([measure, s]) =>
      s && s.share !== null
        ? [{ level: c.level, measure, estimate: s.share, lower: s.lo ?? s.share, upper: s.hi ?? s.share }]
        : [],
    );
  });
  const otherTiles = dealsOtherTiles(scorecard);
  const lead = otherTiles
    ? 'The arms deal different tiles, so no game can be rescored: the played-out figure is all there is, and one near the noise floor and the independent-games rate says the paired games went their own ways.'
    : "Only the rescored figure is the rule's own effect; a played-out figure near the noise floor and the independent-games rate says the paired games went their own ways.";
  return {
    sentence: `**Who wins**: how often the winner changes. ${lead}${bullets(scorecard.levels.map((c) => `${c.level}: ${winnerChangeSentence(c.winnerChangedDetail, { otherTiles })}`))}`,
    chart: {
      name: 'winner-changed',
      spec: narrow(
        estimatesChart(rows, {
          title: 'How often the winner changes',
          subtitle: 'share of games; Wilson 95 % (delta method for independent games)',
          runSize: sizeOf(scorecard),
          category: 'level',
          color: 'measure',
          orient: 'horizontal',
          categoryTitle: null,
          colorTitle: null,
          valueTitle: 'share of games whose winner changes',
          valueFormat: '.0%',
          valueDomain: [0, 1],
          width: 260,
          height: Math.max(80, 70 * scorecard.levels.length),
        }),
      ),
    },
  };
}

/** Null for runs made before the engine counted meeples per feature kind. */
export function meeplesFinding(scorecard: Scorecard): Finding | null {
  if (!scorecard.levels.some((c) => c.meeples.length)) return null;
  const { baseline, variant } = scorecard;
  const perLevel = scorecard.levels.map((c) =>
    c.meeples.every((k) => k.difference.alike && k.difference.estimate === 0)
      ? `${c.level}: the same in both arms (${c.meeples.map((k) => `${k.label} ${fixed(k.baseline.estimate)}`).join(', ')})`
      : `${c.level}: ${c.meeples.map((k) => `${k.label} ${pairText(k)}`).join(', ')}`,
  );
  const rows = armRows(scorecard, (c) =>
    c.meeples.filter((k) => k.stat !== 'meeplesDeployed').map((k) => ({ category: k.label, pair: k })),
  );
  return {
    sentence: `**Meeples placed per player and game**, by where they go, ${baseline.name} → ${variant.name} (the change paired t 95 %):${bullets(perLevel)}`,
    chart: {
      name: 'meeples',
      spec: narrow(
        estimatesChart(rows, {
          title: 'Meeples placed per player and game',
          subtitle: 'by the feature they go on; t 95 % intervals over deals',
          runSize: sizeOf(scorecard),
          category: 'category',
          color: 'arm',
          facet: 'level',
          orient: 'horizontal',
          categoryTitle: null,
          colorTitle: null,
          facetTitle: null,
          valueTitle: 'meeples per player and game',
          zero: true,
          width: 230,
          height: 110,
        }),
      ),
    },
  };
}

const pValue = (p: number) => (p < 0.001 ? '< 0.001' : p.toPrecision(2));

export function seatsFinding(scorecard: Scorecard): Finding {
  const { baseline, variant, players } = scorecard;
  const perLevel = scorecard.levels.map((c) => {
    const joint = `joint seat test p ${pValue(c.seats.joint.baseline)} in ${baseline.name}, ${pValue(c.seats.joint.variant)} in ${variant.name}`;
    const seats = c.seats.seats
      .map(
        (s) =>
          `seat ${s.seat + 1} ${percentText(s.baseline)} → ${percentText(s.variant)} (${ppText(s.difference)}${s.holm !== null ? `, Holm p ${pValue(s.holm)}` : ''})`,
      )
      .join(', ');
    return `${c.level}: ${joint}; ${seats}`;
  });
  const rows = scorecard.levels.flatMap((c) =>
    c.seats.seats.flatMap((s) =>
      (
        [
          [baseline.name, s.baseline],
          [variant.name, s.variant],
        ] as const
      ).map(([arm, e]) => ({
        level: c.level,
        seat: `seat ${s.seat + 1}`,
        arm,
        fair: 1 / players,
        estimate: e.estimate ?? 0,
        lower: e.lo ?? 0,
        upper: e.hi ?? 1,
      })),
    ),
  );
  return {
    sentence: `**Seat fairness** (seat 1 moves first): is each arm fair to every seat (the joint test per arm: chi-square of the seats' wins against 1/${players}, Holm over the two arms), and does the rule change a seat's win share (paired over the same deals${players === 2 ? '; with 2 players the two seats are one question, seat 1' : ', Holm over the seats'})?${bullets(perLevel)}`,
    chart: {
      name: 'seats',
      spec: narrow(
        estimatesChart(rows, {
          title: players === 2 ? "The first player's win share" : 'Win share by seat',
          subtitle: `Wilson 95 %; dashed: the fair share 1/${players}`,
          runSize: sizeOf(scorecard),
          category: 'seat',
          color: 'arm',
          facet: 'level',
          orient: 'horizontal',
          categoryTitle: null,
          colorTitle: null,
          facetTitle: null,
          valueTitle: 'win share',
          valueFormat: '.0%',
          reference: { field: 'fair' },
          width: 230,
          height: Math.max(50, 34 * (players === 2 ? 1 : players)),
        }),
      ),
    },
  };
}

/** Closeness and lead changes as paired differences (variant − baseline) per level; null without the quality measures. */
export function closenessFinding(scorecard: Scorecard): Finding {
  const { baseline, variant } = scorecard;
  const rows = scorecard.levels.flatMap((c) => {
    const d = c.quality.difference;
    const margin = c.margin.difference;
    const of = (measure: string, e: { estimate: number | null; lo: number | null; hi: number | null } | undefined) =>
      e && e.estimate !== null && e.lo !== null && e.hi !== null
        ? [{ measure, level: c.level, estimate: e.estimate, lower: e.lo, upper: e.hi }]
        : [];
    return [
      ...of('margin, winner − runner-up (points)', margin),
      ...of('close games, margin ≤ 5 (share)', d?.closeShare),
      ...of('lead changes per game', d?.leadChanges),
      ...of('drama: turns the winner was behind (share)', d?.behindShare),
    ];
  });
  const perLevel = scorecard.levels.map((c) => {
    const d = c.quality.difference;
    const parts = [
      `margin ${fixed(c.margin.baseline.estimate, 1)} → ${fixed(c.margin.variant.estimate, 1)} points (${differenceText(c.margin.difference)})`,
      ...(d && c.quality.baseline && c.quality.variant
        ? [
            `close games ${percentText(c.quality.baseline.closeShare)} → ${percentText(c.quality.variant.closeShare)} (${ppText(d.closeShare)})`,
            `lead changes per game ${intervalText(c.quality.baseline.leadChanges)} → ${intervalText(c.quality.variant.leadChanges)} (${signedIntervalText(d.leadChanges)})`,
          ]
        : []),
    ];
    return `${c.level}: ${parts.join(', ')}`;
  });
  return {
    sentence: `**How close the games are**, ${baseline.name} → ${variant.name}, and the change paired over the same deals (t 95 %, the delta method for ratios):${bullets(perLevel)}`,
    chart: {
      name: 'closeness',
      spec: narrow(
        estimatesChart(rows, {
          title: `Closeness: ${variant.name} − ${baseline.name}`,
          subtitle: 'paired over the same deals, 95 %; dashed: no change',
          runSize: sizeOf(scorecard),
          category: 'level',
          facet: 'measure',
          columns: 1,
          panelValues: 'independent',
          orient: 'horizontal',
          categoryTitle: null,
          facetTitle: null,
          valueTitle: 'change',
          reference: 0,
          width: 200,
          height: Math.max(50, 30 * scorecard.levels.length),
        }),
      ),
    },
  };
}
