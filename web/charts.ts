/** Vega-Lite charts rendered live in the page with vega-embed (bundled: no network). */
import embed from 'vega-embed';
import type { TopLevelSpec } from 'vega-lite';
import type { TurnView } from '../src/serve/api-types.ts';

const OPTIONS = { actions: { export: true, source: false, compiled: false, editor: false }, renderer: 'svg' as const };

export async function embedSpec(target: HTMLElement, spec: TopLevelSpec | object): Promise<void> {
  await embed(target, spec as TopLevelSpec, OPTIONS);
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
