/**
 * One example of every chart kind, with made-up but plausible numbers (no simulation behind
 * them). They document the builders' inputs, are all compiled and rendered by the tests, and
 * `CARCLAB_CHART_SAMPLES=dir npx vitest run test/charts` writes them out for a visual check.
 */
import type { TopLevelSpec } from 'vega-lite';
import { estimatesChart } from './estimates.ts';
import { forestChart } from './forest.ts';
import { heatmapChart } from './heatmap.ts';
import { paretoChart } from './pareto.ts';
import { histogramChart } from './histogram.ts';
import { sharesChart } from './shares.ts';
import { raceChart } from './race.ts';
import { sweepChart } from './sweep.ts';

export interface ExampleChart {
  readonly name: string;
  readonly title: string;
  readonly caption: string;
  readonly spec: TopLevelSpec;
}

const ARMS = ['base', 'base + tollkeepers', 'all three expansions'] as const;

/** An interval of half-width `h` around `e`. */
const around = (e: number, h: number) => ({ estimate: e, lower: e - h, upper: e + h });

function winRateBySeat(): TopLevelSpec {
  const rows = [2, 4].flatMap((players) =>
    ARMS.flatMap((arm, a) =>
      Array.from({ length: players }, (_, seat) => {
        const fair = 1 / players;
        const e = fair + (players === 2 ? 0.028 : 0.018) * (seat === 0 ? 1 : -1 / (players - 1)) * (1 - 0.25 * a);
        return {
          players: `${players} players`,
          fair,
          arm,
          seat: `seat ${seat + 1}`,
          ...around(e, 0.0098 * Math.sqrt(fair * 4 * (1 - fair))),
        };
      }),
    ),
  );
  return estimatesChart(rows, {
    title: 'Win rate by seat',
    subtitle: 'Wilson 95 % intervals; ties shared; dashed line: 1 / players',
    runSize: '10,000 deals × all seatings per arm',
    category: 'seat',
    color: 'arm',
    facet: 'players',
    facetTitle: null,
    panelValues: 'independent',
    valueTitle: 'win rate',
    valueFormat: '.0%',
    reference: { field: 'fair' },
    width: 300,
    height: 240,
  });
}

function meanScoreByArm(): TopLevelSpec {
  const rows = [
    { arm: 'base', ...around(68.4, 0.42) },
    { arm: 'base + tollkeepers', ...around(74.9, 0.47) },
    { arm: 'base + labyrinth (basic)', ...around(69.1, 0.43) },
    { arm: 'base + labyrinth (advanced)', ...around(70.6, 0.44) },
    { arm: 'base + king & robber baron', ...around(79.8, 0.51) },
    { arm: 'all three expansions', ...around(88.3, 0.55) },
  ];
  return estimatesChart(rows, {
    title: 'Mean final score per player',
    subtitle: 'Student t 95 % intervals',
    runSize: 10_000,
    category: 'arm',
    orient: 'horizontal',
    categoryTitle: null,
    valueTitle: 'mean final score (points)',
  });
}

function pairedDifferences(): TopLevelSpec {
  const rows = [
    { comparison: 'tollkeepers − base', ...around(6.5, 0.31) },
    { comparison: 'labyrinth basic − base', ...around(0.7, 0.22) },
    { comparison: 'labyrinth advanced − basic', ...around(1.5, 0.18) },
    { comparison: 'king & robber: flat10 − official', ...around(-0.12, 0.26) },
    { comparison: 'king & robber: incremental − official', ...around(-2.3, 0.29) },
  ];
  return forestChart(rows, {
    title: 'Paired differences in mean score',
    subtitle: 'Same deals in both arms; paired t 95 % intervals',
    runSize: '10,000 deals per comparison',
    label: 'comparison',
    referenceLabel: 'no difference',
    valueTitle: 'difference in mean final score (points)',
    valueFormat: '+.2f',
  });
}

/** Bin counts of a bell-shaped score distribution (deterministic, no RNG). */
function bins(
  arm: string,
  mean: number,
  sd: number,
  games: number,
): { arm: string; binStart: number; binEnd: number; count: number }[] {
  const out = [];
  for (let start = 20; start < 160; start += 5) {
    const z = (start + 2.5 - mean) / sd;
    out.push({
      arm,
      binStart: start,
      binEnd: start + 5,
      count: Math.round((games * 5 * Math.exp(-0.5 * z * z)) / (sd * Math.sqrt(2 * Math.PI))),
    });
  }
  return out;
}

const scoreBins = () => [
  ...bins('base', 68, 16, 20_000),
  ...bins('base + tollkeepers', 75, 18, 20_000),
  ...bins('all three expansions', 88, 21, 20_000),
];

function scoreHistogram(): TopLevelSpec {
  return histogramChart(scoreBins(), {
    title: 'Final score distribution',
    subtitle: 'bins of 5 points',
    runSize: '20,000 player scores per arm',
    series: 'arm',
    seriesTitle: null,
    valueTitle: 'final score (points)',
    countTitle: 'player scores',
  });
}

function scoreOverlay(): TopLevelSpec {
  return histogramChart(scoreBins(), {
    title: 'Final score distribution by arm',
    subtitle: 'bins of 5 points, share of each arm',
    runSize: '20,000 player scores per arm',
    series: 'arm',
    layout: 'overlay',
    valueTitle: 'final score (points)',
    countTitle: 'share of player scores',
  });
}

function scoreShares(): TopLevelSpec {
  const sources = ['road', 'city', 'monastery', 'field', 'toll', 'labyrinth', 'king', 'robber'] as const;
  const table: Record<(typeof ARMS)[number], number[]> = {
    base: [12.1, 27.4, 8.2, 20.7, 0, 0, 0, 0],
    'base + tollkeepers': [13.4, 27.0, 8.1, 20.2, 6.2, 0, 0, 0],
    'all three expansions': [13.9, 28.1, 7.9, 20.9, 6.0, 1.4, 5.1, 2.9],
  };
  const rows = ARMS.flatMap((arm) => sources.map((source, i) => ({ arm, source, points: table[arm][i]! })));
  return sharesChart(rows, {
    title: 'Where the points come from',
    subtitle: 'share of the mean final score',
    runSize: 10_000,
    bar: 'arm',
    part: 'source',
  });
}

function tollSweep(): TopLevelSpec {
  const rows = [2, 4].flatMap((players) =>
    [1, 2, 3, 4, 5, 6].map((points) => ({
      players: `${players} players`,
      points,
      ...around(1.1 + points * (players === 2 ? 0.9 : 0.55), 0.12 + 0.02 * points),
    })),
  );
  return sweepChart(rows, {
    title: 'Toll income by travellers points',
    subtitle: 'tollTravellersPoints1 swept, other rules official; t 95 % bands',
    runSize: '5,000 games per value',
    x: 'points',
    series: 'players',
    seriesTitle: 'players',
    xTitle: 'points for a paying traveller',
    valueTitle: 'mean toll points per player',
    reference: 3.8,
    referenceLabel: 'official rules, 2 players',
  });
}

function scoreRace(): TopLevelSpec {
  const rows = ['greedy', 'strong'].flatMap((level) =>
    ['base', 'base + tollkeepers'].flatMap((arm) =>
      Array.from({ length: 71 }, (_, t) => ({
        level,
        arm,
        turn: t + 1,
        ...around((t / 70) ** 1.5 * (arm === 'base' ? 18 : 24) + (level === 'strong' ? 4 : 0) * (t / 70), 0.4 + t / 40),
      })),
    ),
  );
  return raceChart(rows, {
    title: 'The score race',
    subtitle: "the eventual winner's mean expected lead after each turn; t 95 % bands over deals",
    runSize: '200 deals per level',
    x: 'turn',
    series: 'arm',
    seriesTitle: null,
    facet: 'level',
    valueTitle: 'lead (points)',
  });
}

function winShareMatrix(): TopLevelSpec {
  const agents = ['mcts', 'greedy', 'mcts:iterations=200', 'random'];
  const share = [
    [0, 0.58, 0.96, 1],
    [0.42, 0, 0.67, 1],
    [0.04, 0.33, 0, 1],
    [0, 0, 0, 0],
  ];
  const rows = agents.flatMap((agent, i) =>
    agents.flatMap((opponent, j) => {
      if (i === j) return [];
      const e = share[i]![j]!;
      const h = 0.04 + 0.12 * Math.sqrt(e * (1 - e));
      return [{ agent, opponent, estimate: e, lower: Math.max(0, e - h), upper: Math.min(1, e + h) }];
    }),
  );
  return heatmapChart(rows, {
    title: 'Win share of the row agent against the column agent',
    subtitle: 'ties shared; Wilson 95 % intervals in brackets',
    runSize: '100 deals per pair',
    row: 'agent',
    column: 'opponent',
    rowTitle: null,
    columnTitle: null,
    valueTitle: 'win share',
  });
}

function paretoFront(): TopLevelSpec {
  // Close games fall and strong's edge over greedy grows with the farmer rate; copies of a tile shift both.
  const rows = [1, 2, 3, 4, 5].flatMap((rate) =>
    [0, 1, 2, 3, 4].map((copies) => {
      const close = 0.42 - 0.03 * rate + 0.004 * copies;
      const beats = 0.78 + 0.02 * rate - 0.003 * copies;
      return {
        x: close,
        y: beats,
        front: copies === 0 || rate === 5,
        marked: rate === 4 && copies === 0,
        label: `rate ${rate}, ${copies} copies`,
      };
    }),
  );
  return paretoChart(rows, {
    title: 'Close games against strong over greedy',
    subtitle: 'each point a rule set; dashed: the wishes',
    runSize: 'first 20 deals of each rule set',
    xTitle: 'close games (as many as possible)',
    yTitle: 'strong beats greedy (≥ 85 %)',
    xFormat: '.0%',
    yFormat: '.0%',
    yTarget: 0.85,
  });
}

/** The example charts, built fresh on each call. */
export function exampleCharts(): ExampleChart[] {
  return [
    {
      name: 'win-rate-by-seat',
      title: 'Win rate by seat',
      caption: 'Point estimates with Wilson intervals, per arm, faceted by player count.',
      spec: winRateBySeat(),
    },
    {
      name: 'mean-score-by-arm',
      title: 'Mean score by arm',
      caption: 'Horizontal point estimates with t intervals.',
      spec: meanScoreByArm(),
    },
    {
      name: 'paired-differences',
      title: 'Paired differences',
      caption: 'Forest plot of paired differences with a rule at zero.',
      spec: pairedDifferences(),
    },
    {
      name: 'score-histogram',
      title: 'Score histogram',
      caption: 'Fixed-bin counts faceted by arm.',
      spec: scoreHistogram(),
    },
    {
      name: 'score-histogram-overlay',
      title: 'Score histogram, overlaid',
      caption: 'Fixed-bin shares overlaid as step outlines.',
      spec: scoreOverlay(),
    },
    {
      name: 'score-shares',
      title: 'Score share by source',
      caption: 'Stacked bars of the share of points per source.',
      spec: scoreShares(),
    },
    {
      name: 'toll-sweep',
      title: 'Parameter sweep',
      caption: 'Estimate line and interval band over a swept rule parameter.',
      spec: tollSweep(),
    },
    {
      name: 'score-race',
      title: 'Score race',
      caption: 'Lines with interval bands by turn, one panel per skill level.',
      spec: scoreRace(),
    },
    {
      name: 'win-share-matrix',
      title: 'Cross-play matrix',
      caption: 'Heatmap of win shares between agents with the interval in each cell.',
      spec: winShareMatrix(),
    },
    {
      name: 'pareto-front',
      title: 'Pareto front',
      caption: 'Two targets against each other, one point per rule set; the front joined, confirmed rule sets marked.',
      spec: paretoFront(),
    },
  ];
}
