/**
 * Rendering: Vega-Lite → Vega → SVG headlessly (`renderer: 'none'`, no canvas package), and SVG →
 * PNG with resvg using the DejaVu fonts of the `dejavu-fonts-ttf` package only (system fonts are
 * not loaded), so a PNG has the same pixels on every machine. resvg silently drops text it has no
 * font for; `test/charts/fonts.test.ts` guards against that.
 */
import { Resvg } from '@resvg/resvg-js';
import * as vega from 'vega';
import type { TopLevelSpec } from 'vega-lite';
import { collectingLogger, compileChart } from './compile.ts';
import type { ChartMessage } from './compile.ts';
import { chartFontFiles } from './fonts.ts';
import { withDejaVuMetrics } from './metrics.ts';

export interface RenderOptions {
  /**
   * Receives every warning or error vega-lite or vega logs for this chart. Default: print
   * warnings and errors with `console.warn`.
   */
  readonly onMessage?: (message: ChartMessage) => void;
}

export interface PngOptions extends RenderOptions {
  /** Pixels per SVG unit; default 2 (sharp on high-density screens and in print). */
  readonly scale?: number;
}

const printMessage = (m: ChartMessage) => console.warn(`chart ${m.level}: ${m.text}`);

/** Renders a Vega-Lite spec to an SVG document. */
export async function toSVG(spec: TopLevelSpec, options: RenderOptions = {}): Promise<string> {
  const report = options.onMessage ?? printMessage;
  // 1. Compile with a local logger.
  const { vega: compiled, messages } = compileChart(spec);
  // 2. Parse and run the dataflow headlessly, with a second local logger for runtime messages.
  const runtime: ChartMessage[] = [];
  const view = new vega.View(vega.parse(compiled), { renderer: 'none', logger: collectingLogger(runtime) });
  try {
    const svg = await withDejaVuMetrics(() => view.toSVG());
    for (const m of [...messages, ...runtime]) report(m);
    return svg;
  } finally {
    view.finalize();
  }
}

/** Rasterises an SVG document to PNG bytes with the bundled fonts and a white background. */
export function svgToPNG(svg: string, options: { readonly scale?: number } = {}): Uint8Array {
  const resvg = new Resvg(svg, {
    fitTo: { mode: 'zoom', value: options.scale ?? 2 },
    background: 'white',
    font: {
      loadSystemFonts: false,
      fontFiles: chartFontFiles(),
      defaultFontFamily: 'DejaVu Sans',
      sansSerifFamily: 'DejaVu Sans',
    },
  });
  return new Uint8Array(resvg.render().asPng());
}

/** Renders a Vega-Lite spec to PNG bytes (via {@link toSVG} and {@link svgToPNG}). */
export async function toPNG(spec: TopLevelSpec, options: PngOptions = {}): Promise<Uint8Array> {
  return svgToPNG(await toSVG(spec, options), options);
}
