/**
 * Charts: typed Vega-Lite spec builders that show uncertainty (pure functions of plain data rows,
 * one shared theme), rendering to SVG and PNG (bundled fonts: same pixels on every machine), and
 * offline HTML (vega and vega-embed inlined). docs/architecture.md §8, §13.
 */
export { estimatesChart } from './estimates.ts';
export type { EstimatesOptions } from './estimates.ts';
export { forestChart } from './forest.ts';
export type { ForestOptions } from './forest.ts';
export { heatmapChart } from './heatmap.ts';
export type { HeatmapOptions } from './heatmap.ts';
export { histogramChart } from './histogram.ts';
export type { Bin, HistogramOptions } from './histogram.ts';
export { paretoChart } from './pareto.ts';
export type { ParetoOptions, ParetoRow } from './pareto.ts';
export { raceChart } from './race.ts';
export type { RaceOptions } from './race.ts';
export { sharesChart } from './shares.ts';
export type { SharePart, SharesOptions } from './shares.ts';
export { sweepChart } from './sweep.ts';
export type { SweepOptions } from './sweep.ts';
export type { Estimate, FieldOf } from './fields.ts';
export type { Reference } from './reference.ts';
export { DEFAULT_HEIGHT, DEFAULT_WIDTH, FONT, PALETTE, formatCount, themeConfig } from './theme.ts';
export type { ChartFrame } from './theme.ts';
export { compileChart } from './compile.ts';
export type { ChartMessage, VegaSpec } from './compile.ts';
export { chartFontFiles } from './fonts.ts';
export { svgToPNG, toPNG, toSVG } from './render.ts';
export type { PngOptions, RenderOptions } from './render.ts';
export { embedSnippet, escapeHtml, escapeScript, toOfflineHTML, vegaScriptTags } from './html.ts';
export type { EmbedOptions, HtmlChart, OfflinePageOptions } from './html.ts';
export { writeChart } from './write.ts';
export type { ChartFiles } from './write.ts';
export { exampleCharts } from './examples.ts';
export type { ExampleChart } from './examples.ts';
