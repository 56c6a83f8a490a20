/** The cross-play heatmap: one order on both axes, the diagonal blank, the colour centred at ½. */
import { describe, expect, it } from 'vitest';
import { compileChart, heatmapChart, toSVG } from '../../src/charts/index.ts';

const rows = [
  { agent: 'greedy', opponent: 'random', estimate: 0.9, lower: 0.8, upper: 0.95 },
  { agent: 'random', opponent: 'greedy', estimate: 0.1, lower: 0.05, upper: 0.2 },
];

describe('heatmapChart', () => {
  const spec = heatmapChart(rows, {
    title: 'Win share',
    row: 'agent',
    column: 'opponent',
    valueTitle: 'win share',
    order: ['greedy', 'random'],
  });
  it('uses the given order on both axes, one cell per row of data, colour centred at ½', () => {
    const layers = (spec as unknown as { layer: { encoding: Record<string, { scale?: Record<string, unknown> }> }[] })
      .layer;
    expect(layers[0]!.encoding.x!.scale).toEqual({ domain: ['greedy', 'random'] });
    expect(layers[0]!.encoding.y!.scale).toEqual({ domain: ['greedy', 'random'] });
    expect(layers[0]!.encoding.color!.scale).toMatchObject({ domain: [0, 1], domainMid: 0.5 });
    expect((spec.data as { values: unknown[] }).values).toHaveLength(2);
    expect(compileChart(spec).messages).toEqual([]);
  });
  it('prints each share and its interval in percent', async () => {
    const svg = await toSVG(spec);
    expect(svg).toContain('>90%</text>');
    expect(svg).toContain('>[80, 95]</text>');
    expect(svg).toContain('>[5, 20]</text>');
  });
});
