import { describe, expect, it } from 'vitest';
import type { TopLevelSpec } from 'vega-lite';
import {
  compileChart,
  estimatesChart,
  forestChart,
  histogramChart,
  paretoChart,
  sharesChart,
  sweepChart,
  toSVG,
} from '../../src/charts/index.ts';
import type { ChartMessage } from '../../src/charts/index.ts';

const estimates = ['2p', '4p'].flatMap((players) =>
  ['a', 'b'].flatMap((arm) =>
    [1, 2].map((seat) => ({
      players,
      arm,
      seat: `seat ${seat}`,
      fair: players === '2p' ? 0.5 : 0.25,
      estimate: 0.4 + seat / 20,
      lower: 0.35 + seat / 20,
      upper: 0.45 + seat / 20,
    })),
  ),
);
const bins = ['a', 'b'].flatMap((arm) =>
  [0, 10, 20].map((binStart) => ({ arm, binStart, binEnd: binStart + 10, count: binStart + (arm === 'a' ? 5 : 9) })),
);
const sweep = ['2p', '4p'].flatMap((players) =>
  [1, 10, 100].map((x) => ({ players, x, estimate: Math.log(x), lower: Math.log(x) - 0.2, upper: Math.log(x) + 0.2 })),
);

/** Every builder option that changes the spec's structure, one chart each. */
const variants: [string, TopLevelSpec][] = [
  ['estimates: plain', estimatesChart(estimates.slice(0, 2), { title: 't', category: 'seat', valueTitle: 'v' })],
  [
    'estimates: colour',
    estimatesChart(estimates.slice(0, 4), { title: 't', category: 'seat', color: 'arm', valueTitle: 'v', runSize: 10 }),
  ],
  [
    'estimates: colour, panels, reference field and label',
    estimatesChart(estimates, {
      title: 't',
      category: 'seat',
      color: 'arm',
      facet: 'players',
      valueTitle: 'v',
      reference: { field: 'fair' },
      referenceLabel: 'fair',
    }),
  ],
  [
    'estimates: horizontal, colour, panels, fixed reference',
    estimatesChart(estimates, {
      title: 't',
      orient: 'horizontal',
      category: 'seat',
      color: 'arm',
      facet: 'players',
      panelValues: 'independent',
      valueTitle: 'v',
      reference: 0.3,
      referenceLabel: 'r',
      valueFormat: '.0%',
    }),
  ],
  [
    'estimates: horizontal, value domain, zero',
    estimatesChart(estimates.slice(0, 2), {
      title: 't',
      orient: 'horizontal',
      category: 'seat',
      valueTitle: 'v',
      valueDomain: [0, 1],
      zero: true,
      categoryTitle: null,
    }),
  ],
  [
    'forest: colour, no values',
    forestChart(
      estimates.slice(0, 4).map((r, i) => ({ ...r, comparison: `c${i}` })),
      {
        title: 't',
        label: 'comparison',
        color: 'arm',
        valueTitle: 'd',
        showValues: false,
        reference: 0.3,
        height: 120,
      },
    ),
  ],
  ['histogram: one series', histogramChart(bins.slice(0, 3), { title: 't', valueTitle: 'score' })],
  [
    'histogram: one series, shares',
    histogramChart(bins.slice(0, 3), { title: 't', valueTitle: 'score', normalize: true }),
  ],
  [
    'histogram: panels in columns',
    histogramChart(bins, { title: 't', series: 'arm', valueTitle: 'score', columns: 2 }),
  ],
  [
    'histogram: overlay of counts',
    histogramChart(bins, { title: 't', series: 'arm', layout: 'overlay', normalize: false, valueTitle: 'score' }),
  ],
  [
    'shares: points',
    sharesChart(
      bins.map((b) => ({ arm: b.arm, source: `s${b.binStart}`, points: b.count })),
      { title: 't', bar: 'arm', part: 'source', normalize: false, labelMin: 0.99 },
    ),
  ],
  [
    'shares: no labels',
    sharesChart(
      bins.map((b) => ({ arm: b.arm, source: `s${b.binStart}`, points: b.count })),
      { title: 't', bar: 'arm', part: 'source', labels: false },
    ),
  ],
  [
    'sweep: one series, log scale',
    sweepChart(sweep.slice(0, 3), { title: 't', x: 'x', xScale: 'log', valueTitle: 'v' }),
  ],
  [
    'sweep: series, reference, zero',
    sweepChart(sweep, {
      title: 't',
      x: 'x',
      series: 'players',
      valueTitle: 'v',
      reference: 1,
      referenceLabel: 'r',
      zero: true,
    }),
  ],
  [
    'pareto: wishes as lines and shaded bands',
    paretoChart(
      [
        { x: 0, y: 0.1, front: true, marked: true, label: 'a' },
        { x: 0.4, y: 0.2, front: false, marked: false, label: 'b' },
      ],
      { title: 't', xTitle: 'x', yTitle: 'y', xTarget: 0, yTarget: 0.1, xBand: [-0.5, 0.5], yBand: [0.09, 0.11] },
    ),
  ],
];

describe('builder options', () => {
  for (const [name, spec] of variants) {
    it(`${name}: compiles without warnings and renders`, async () => {
      expect(compileChart(spec).messages).toEqual([]);
      const messages: ChartMessage[] = [];
      expect(await toSVG(spec, { onMessage: (m) => messages.push(m) })).toContain('<svg');
      expect(messages).toEqual([]);
    });
  }
});
