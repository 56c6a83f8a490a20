import * as vega from 'vega';
import { describe, expect, it } from 'vitest';
import { exampleCharts, toSVG } from '../../src/charts/index.ts';
import { dejavuTextWidth } from '../../src/charts/metrics.ts';

const textMetrics = (vega as unknown as { textMetrics: { width: unknown } }).textMetrics;

describe('text widths for headless layout', () => {
  it('come from the DejaVu Sans advance widths', () => {
    expect(dejavuTextWidth({ fontSize: 10 }, 'M')).toBeCloseTo(8.63, 2); // 1767/2048 em
    expect(dejavuTextWidth({ fontSize: 10 }, 'iiii')).toBeLessThan(dejavuTextWidth({ fontSize: 10 }, 'MMMM'));
    expect(dejavuTextWidth({ fontSize: 10, fontWeight: 'bold' }, 'Title')).toBeGreaterThan(
      dejavuTextWidth({ fontSize: 10 }, 'Title'),
    );
    expect(dejavuTextWidth({ fontSize: 10, limit: 20 }, 'a long label that is cut')).toBe(20);
    expect(dejavuTextWidth({}, '')).toBe(0);
  });

  it('are installed only while rendering, also when renders overlap', async () => {
    const before = textMetrics.width;
    const [a, b] = exampleCharts();
    const together = await Promise.all([toSVG(a!.spec), toSVG(b!.spec)]);
    expect(textMetrics.width).toBe(before);
    expect(together).toEqual([await toSVG(a!.spec), await toSVG(b!.spec)]);
  });
});
