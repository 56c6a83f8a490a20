/** Vega-Lite charts rendered live in the page with vega-embed (bundled: no network). */
import embed from 'vega-embed';
import type { TopLevelSpec } from 'vega-lite';
import { fitVariants } from '../src/charts/fit.ts';
import type { TurnView } from '../src/serve/api-types.ts';

const OPTIONS = { actions: { export: true, source: false, compiled: false, editor: false }, renderer: 'svg' as const };

/**
 * Draws `spec` into `target`, fitted to its width as the reports fit theirs (`fitVariants`, the page
 * part of `src/charts/fit.ts`): the narrower versions in turn while the drawing is wider than the
 * target, and the last scaled down to it.
 */
export async function embedSpec(target: HTMLElement, spec: TopLevelSpec | object): Promise<void> {
  const specs = fitVariants(spec as TopLevelSpec);
  const tooWide = () => (target.querySelector('svg')?.getBoundingClientRect().width ?? 0) > target.clientWidth + 1;
  for (let i = 0; i < specs.length; i++) {
    const result = await embed(target, specs[i]!, OPTIONS);
    if (!tooWide()) break;
    if (i + 1 < specs.length) result.finalize();
    else {
      const svg = target.querySelector('svg')!;
      svg.style.width = '100%';
      svg.style.height = 'auto';
    }
  }
  target.dataset.rendered = '1';
}

/** Scores and expected lead of each seat over a game's turns. */
export function gameChartSpec(turns: TurnView[], seats: string[]): TopLevelSpec {
  const values = turns.flatMap((t) =>
    seats.flatMap((seat, s) => [
      { turn: t.turn, seat, measure: 'score', value: t.scores[s]! },
      { turn: t.turn, seat, measure: 'expected lead', value: t.expectedLead[s]! },
    ]),
  );
  const panel = (measure: string, title: string) => ({
    transform: [{ filter: { field: 'measure', equal: measure } }],
    mark: { type: 'line' as const, interpolate: 'step-after' as const },
    width: 420,
    height: 130,
    encoding: {
      x: { field: 'turn', type: 'quantitative' as const, title: 'turn' },
      y: { field: 'value', type: 'quantitative' as const, title },
      color: { field: 'seat', type: 'nominal' as const, title: null },
    },
  });
  return {
    $schema: 'https://vega.github.io/schema/vega-lite/v6.json',
    data: { values },
    vconcat: [panel('score', 'score'), panel('expected lead', 'expected lead (points)')],
  } as TopLevelSpec;
}
