/**
 * Meeples placed per player and game by the kind of feature they went on — roads, cities, fields
 * (farmers) and monasteries — from the engine's per-player statistics (`BASE_PLAYER_STATS`), counted
 * in the shards: the generic report's section, and the kinds the scorecard reads.
 */
import * as aq from 'arquero';
import { estimatesChart } from '../charts/index.ts';
import type { ArmSummary } from '../sim/summary.ts';
import { meanInterval } from '../stats/index.ts';
import type { Report } from './report.ts';

/** Meeples placed per player and game, by the kind of feature they went on (`BASE_PLAYER_STATS`). */
export const MEEPLE_KINDS = [
  { stat: 'farmersPlaced', label: 'farmers (on fields)' },
  { stat: 'roadMeeplesPlaced', label: 'on roads' },
  { stat: 'cityMeeplesPlaced', label: 'in cities' },
  { stat: 'monasteryMeeplesPlaced', label: 'on monasteries' },
  { stat: 'meeplesDeployed', label: 'all meeples' },
] as const;

/** Meeples placed per player and game by the feature they went on (a farmer: on a field), per arm; none for runs older than these statistics. */
export function addMeepleSection(
  report: Report,
  arms: readonly ArmSummary[],
  o: { level: 2 | 3; title: string; chart: string; size: string },
): void {
  const rows = arms.flatMap((a) =>
    MEEPLE_KINDS.flatMap((k) => {
      const d = a.perDeal[`stat.${k.stat}`];
      if (!d) return [];
      const m = meanInterval({ n: d.deals, mean: d.mean, sd: d.sd });
      return [
        { arm: a.name, kind: k.label, estimate: m.mean ?? 0, lower: m.lo ?? m.mean ?? 0, upper: m.hi ?? m.mean ?? 0 },
      ];
    }),
  );
  if (!rows.length) return;
  const section = report.section(o.title, o.level);
  section.text(
    'Meeples placed per player and game, by the kind of feature they went on (a meeple on a field is a farmer): means over deals (the seats of a deal averaged first) with Student t 95 % intervals. Per seat in `stats.csv` (`farmersPlaced`, `roadMeeplesPlaced`, `cityMeeplesPlaced`, `monasteryMeeplesPlaced`, `meeplesDeployed`).',
  );
  const many = arms.length > 6;
  section.chart(
    o.chart,
    estimatesChart(
      rows.filter((r) => r.kind !== 'all meeples'),
      {
        title: 'Meeples placed per player and game',
        subtitle: 'by the feature they go on; t 95 % intervals over deals',
        runSize: o.size,
        category: 'kind',
        ...(many ? { facet: 'arm' as const, columns: 4, width: 170, height: 120 } : { color: 'arm' as const }),
        orient: 'horizontal',
        categoryTitle: null,
        valueTitle: 'meeples per player and game',
        zero: true,
      },
    ),
  );
  section.table(
    aq.from(rows.map((r) => ({ arm: r.arm, meeples: r.kind, mean: r.estimate, lo: r.lower, hi: r.upper }))),
  );
}
