/**
 * The scorecard as CSV (`scorecard.csv` beside `scorecard.json`), for a spreadsheet: one row per level
 * and measure, with the baseline's and the variant's value and the change (variant − baseline), each
 * with its 95 % interval where it has one — the same figures as the report and the JSON.
 */
import { csv } from '../../sim/summary.ts';
import type { Estimate } from '../skill-depth.ts';
import type { ArmPair } from './measures.ts';
import type { LevelCard, Scorecard } from './scorecard.ts';

const HEADER = [
  'level',
  'deals',
  'measure',
  'unit',
  'baseline',
  'baselineLo',
  'baselineHi',
  'variant',
  'variantLo',
  'variantHi',
  'change',
  'changeLo',
  'changeHi',
] as const;

type Row = (string | number | null)[];
const NONE: Estimate = { estimate: null, lo: null, hi: null };
const cells = (e: Estimate | null | undefined) => [e?.estimate ?? null, e?.lo ?? null, e?.hi ?? null];

function levelRows(c: LevelCard): Row[] {
  const row = (measure: string, unit: string, a: Estimate | null, b: Estimate | null, d: Estimate | null): Row => [
    c.level,
    c.deals,
    measure,
    unit,
    ...cells(a),
    ...cells(b),
    ...cells(d),
  ];
  const pair = (measure: string, unit: string, p: ArmPair) => row(measure, unit, p.baseline, p.variant, p.difference);
  const w = c.winnerChangedDetail;
  const share = (s: { share: number | null; lo: number | null; hi: number | null } | null) =>
    s ? { estimate: s.share, lo: s.lo, hi: s.hi } : NONE;
  const q = c.quality;
  return [
    pair('score per player', 'points', c.score),
    ...c.sources.map((s) => pair(`points per player: ${s.source}`, 'points', s)),
    ...c.meeples.map((k) => pair(`meeples per player: ${k.stat}`, 'meeples', k)),
    pair('margin (winner − runner-up)', 'points', c.margin),
    ...c.seats.seats.map((s) => pair(`win share: seat ${s.seat + 1}`, 'share', s)),
    row(
      'joint seat test p (Holm over the arms)',
      'p',
      { estimate: c.seats.joint.baseline, lo: null, hi: null },
      { estimate: c.seats.joint.variant, lo: null, hi: null },
      null,
    ),
    row('winner changed: the same games rescored', 'share', null, null, share(w.rescored)),
    row('winner changed: played out', 'share', null, null, share(w.total)),
    row('winner changed: noise floor', 'share', null, null, share(w.noiseFloor)),
    row('winner changed: independent games', 'share', null, null, share(w.independent)),
    ...(q.baseline && q.variant
      ? (['leadChanges', 'scoreLeadChanges', 'behindShare', 'behindBy', 'decidedShare', 'closeShare'] as const).map(
          (k) =>
            row(
              `quality: ${k}`,
              k.endsWith('Share') ? 'share' : k === 'behindBy' ? 'points' : 'per game',
              q.baseline![k],
              q.variant![k],
              q.difference?.[k] ?? null,
            ),
        )
      : []),
    ...(c.skillDepth
      ? [
          row(
            `skill depth: ${c.level} against ${c.skillDepth.against} (win share)`,
            'share',
            c.skillDepth.baseline,
            c.skillDepth.variant,
            c.skillDepth.difference,
          ),
        ]
      : []),
  ];
}

export function scorecardCsv(scorecard: Scorecard): string {
  return csv(HEADER, scorecard.levels.flatMap(levelRows));
}
