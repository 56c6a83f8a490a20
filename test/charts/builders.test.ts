import { describe, expect, it } from 'vitest';
import type * as vl from 'vega-lite';
import {
  compileChart,
  estimatesChart,
  exampleCharts,
  forestChart,
  histogramChart,
  paretoChart,
  sharesChart,
  sweepChart,
  toPNG,
  toSVG,
} from '../../src/charts/index.ts';
import type { ChartMessage } from '../../src/charts/index.ts';
import { decodePNG } from './png.ts';

/** Freezes a value and everything it holds. */
function deepFreeze<T>(value: T): T {
  if (value !== null && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const v of Object.values(value)) deepFreeze(v);
  }
  return value;
}

const examples = exampleCharts();

describe('every example chart', () => {
  it('covers every chart kind', () => {
    expect(examples.map((e) => e.name)).toEqual([
      'win-rate-by-seat',
      'mean-score-by-arm',
      'paired-differences',
      'score-histogram',
      'score-histogram-overlay',
      'score-shares',
      'toll-sweep',
      'score-race',
      'win-share-matrix',
      'pareto-front',
    ]);
  });

  for (const example of examples) {
    describe(example.name, () => {
      it('compiles with vega-lite without warnings', () => {
        expect(compileChart(example.spec).messages).toEqual([]);
      });

      it('renders to SVG and PNG without warnings, with its title and subtitle', async () => {
        const messages: ChartMessage[] = [];
        const svg = await toSVG(example.spec, { onMessage: (m) => messages.push(m) });
        expect(messages).toEqual([]);
        expect(svg.startsWith('<svg')).toBe(true);
        const title = example.spec.title as { text: string; subtitle: string };
        expect(svg).toContain(`>${title.text}</text>`);
        expect(svg).toContain(title.subtitle.replace(/&/g, '&amp;'));
        const image = decodePNG(await toPNG(example.spec, { onMessage: (m) => messages.push(m) }));
        expect(messages).toEqual([]);
        expect(image.width).toBeGreaterThan(400);
        expect(image.height).toBeGreaterThan(200);
      });

      it('is plain JSON and rebuilt equal on every call', () => {
        expect(JSON.parse(JSON.stringify(example.spec))).toEqual(example.spec);
        expect(exampleCharts().find((e) => e.name === example.name)!.spec).toEqual(example.spec);
      });
    });
  }
});

describe('builders', () => {
  const rows = [
    { arm: 'base', seat: 1, estimate: 0.53, lower: 0.52, upper: 0.54, note: 'ignored' },
    { arm: 'base', seat: 2, estimate: 0.47, lower: 0.46, upper: 0.48, note: 'ignored' },
  ];

  it('neither mutate their rows nor keep references to them, even when the chart is rendered', async () => {
    const frozen = deepFreeze(rows.map((r) => ({ ...r })));
    const spec = deepFreeze(estimatesChart(frozen, { title: 'Win rate', category: 'seat', valueTitle: 'win rate' }));
    await toSVG(spec, { onMessage: () => {} });
    expect(frozen).toEqual(rows);
    const data = (spec as { data: { values: object[] } }).data.values;
    expect(data).toEqual([
      { seat: 1, estimate: 0.53, lower: 0.52, upper: 0.54 },
      { seat: 2, estimate: 0.47, lower: 0.46, upper: 0.48 },
    ]);
    expect(data[0]).not.toBe(frozen[0]);
  });

  it('keep categories and colours in input order', () => {
    const spec = estimatesChart([...rows].reverse(), { title: 't', category: 'seat', color: 'arm', valueTitle: 'v' });
    const layer = (spec as { layer: { encoding: { x: { sort: unknown } } }[] }).layer;
    expect(layer[0]!.encoding.x.sort).toEqual([2, 1]);
  });

  it('reject a non-finite value or a field name vega-lite would read as a path', () => {
    expect(() =>
      estimatesChart([{ arm: 'a', estimate: NaN, lower: 0, upper: 1 }], {
        title: 't',
        category: 'arm',
        valueTitle: 'v',
      }),
    ).toThrow(/"estimate" is NaN/);
    expect(() =>
      estimatesChart([{ 'a.b': 'x', estimate: 1, lower: 0, upper: 1 }], {
        title: 't',
        category: 'a.b',
        valueTitle: 'v',
      }),
    ).toThrow(/field name/);
  });

  it('slant the category labels of a panel only where they would overlap', () => {
    const labelAngles = (categories: string[]) => {
      const spec = estimatesChart(
        categories.map((value) => ({ knob: 'k', value, estimate: 0, lower: -1, upper: 1 })),
        { title: 't', category: 'value', facet: 'knob', valueTitle: 'v', width: 200 },
      );
      const inner = (spec as { spec: { layer: { encoding: { x: { axis: { labelAngle: number } } } }[] } }).spec;
      return inner.layer.at(-1)!.encoding.x.axis.labelAngle;
    };
    // 11 values of two digits fit a 200 px panel; "flat15-40" beside "incremental" in 50 px does not.
    expect(labelAngles(Array.from({ length: 11 }, (_, i) => String(2 * i)))).toBe(0);
    expect(labelAngles(['official', 'flat10', 'flat15-40', 'incremental'])).toBe(-35);
  });

  it('give the Pareto chart one legend naming its three kinds of point', () => {
    const pareto = examples.find((e) => e.name === 'pareto-front')!.spec;
    const legends = (compileChart(pareto).vega as { legends?: { values?: string[] }[] }).legends ?? [];
    expect(legends.map((l) => l.values)).toEqual([['measured', 'Pareto front', 'confirmed']]);
  });

  it("shade a Pareto chart's wish band once, not once per point", () => {
    const rows = [0, 1, 2].map((x) => ({ x, y: x, front: false, marked: false, label: String(x) }));
    const spec = paretoChart(rows, { title: 't', xTitle: 'x', yTitle: 'y', xBand: [0.5, 1.5] });
    const marks = (compileChart(spec).vega as { marks: { type: string; from: { data: string } }[] }).marks;
    const band = marks.find((m) => m.type === 'rect')!;
    const data = (compileChart(spec).vega as { data: { name: string; values?: unknown[] }[] }).data;
    expect(data.find((d) => d.name === band.from.data)!.values).toHaveLength(1);
  });

  it('put the run size into the subtitle', () => {
    const spec = forestChart([{ comparison: 'b − a', estimate: 1, lower: 0.5, upper: 1.5 }], {
      title: 'Differences',
      label: 'comparison',
      valueTitle: 'points',
      subtitle: 'paired t 95 %',
      runSize: 12345,
    });
    expect(spec.title).toEqual({ text: 'Differences', subtitle: 'paired t 95 % · 12,345 games' });
  });

  it('forest plots draw the no-difference rule at zero and print estimate [lower, upper]', async () => {
    const spec = forestChart([{ comparison: 'b − a', estimate: 1.5, lower: 0.25, upper: 2.75 }], {
      title: 'D',
      label: 'comparison',
      valueTitle: 'points',
      valueFormat: '+.2f',
    });
    const layer = (spec as { layer: { mark: { type: string }; encoding: { x?: { datum?: number } } }[] }).layer;
    expect(layer[0]!.mark.type).toBe('rule');
    expect(layer[0]!.encoding.x!.datum).toBe(0);
    expect(await toSVG(spec)).toContain('+1.50 [+0.25, +2.75]');
  });

  it("overlaid histograms trace closed step outlines of each series' shares", () => {
    const bins = [
      { arm: 'a', binStart: 0, binEnd: 10, count: 1 },
      { arm: 'a', binStart: 10, binEnd: 20, count: 3 },
      { arm: 'b', binStart: 0, binEnd: 10, count: 2 },
      { arm: 'b', binStart: 20, binEnd: 30, count: 2 },
    ];
    const spec = histogramChart(bins, { title: 'h', series: 'arm', layout: 'overlay', valueTitle: 'score' });
    const values = (spec as { data: { values: { arm: string; edge: number; height: number }[] } }).data.values;
    const path = (arm: string) => values.filter((v) => v.arm === arm).map((v) => [v.edge, v.height]);
    expect(path('a')).toEqual([
      [0, 0],
      [0, 0.25],
      [10, 0.25],
      [10, 0.75],
      [20, 0.75],
      [20, 0],
    ]);
    expect(path('b')).toEqual([
      [0, 0],
      [0, 0.5],
      [10, 0.5],
      [10, 0],
      [20, 0],
      [20, 0.5],
      [30, 0.5],
      [30, 0],
    ]);
  });

  it('faceted histograms have one panel per series, bars from zero', () => {
    const spec = histogramChart(
      [
        { arm: 'a', binStart: 0, binEnd: 1, count: 5 },
        { arm: 'b', binStart: 0, binEnd: 1, count: 7 },
      ],
      { title: 'h', series: 'arm', valueTitle: 's' },
    );
    expect(spec).toMatchObject({
      facet: { field: 'arm', sort: ['a', 'b'] },
      spec: { mark: { type: 'bar' }, encoding: { y: { field: 'count' }, y2: { datum: 0 } } },
    });
    expect(compileChart(spec).messages).toEqual([]);
  });

  it('score shares stack sources in input order and label wide segments with their share', async () => {
    const spec = sharesChart(
      [
        { arm: 'base', source: 'road', points: 1 },
        { arm: 'base', source: 'city', points: 3 },
      ],
      { title: 's', bar: 'arm', part: 'source' },
    );
    expect(spec).toMatchObject({ layer: [{ encoding: { color: { sort: ['road', 'city'] } } }, {}] });
    const svg = await toSVG(spec);
    expect(svg).toContain('>25%</text>');
    expect(svg).toContain('>75%</text>');
  });

  it('sweeps need a numeric swept parameter', () => {
    expect(() =>
      sweepChart([{ x: 'one', estimate: 1, lower: 0, upper: 2 }], { title: 's', x: 'x', valueTitle: 'v' }),
    ).toThrow(/numeric/);
  });
});

describe('compileChart', () => {
  it('collects vega-lite warnings with a local logger, not on the console', () => {
    const warned: unknown[] = [];
    const original = console.warn;
    console.warn = (...args: unknown[]) => void warned.push(args);
    try {
      // Bars have no shape: vega-lite warns and drops the channel.
      const bad: vl.TopLevelSpec = {
        data: { values: [{ a: 1 }] },
        mark: 'bar',
        encoding: { x: { field: 'a', type: 'quantitative' }, shape: { field: 'a', type: 'nominal' } },
      };
      const { messages } = compileChart(bad);
      expect(messages.length).toBeGreaterThan(0);
      expect(messages[0]!.level).toBe('warn');
    } finally {
      console.warn = original;
    }
    expect(warned).toEqual([]);
  });
});
