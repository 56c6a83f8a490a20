/**
 * The chart theme shared by every builder: a colour-blind-safe palette (Okabe & Ito 2008), the
 * DejaVu Sans font (bundled with the PNG renderer, so pixels are the same on every machine), title
 * and subtitle (with the run size) anchored left, and default sizes. Everything is a function or a
 * frozen constant: a builder never shares a mutable object with another spec.
 */
import type { Config, TopLevelSpec } from 'vega-lite';

/**
 * Okabe–Ito colours, ordered so that the first few stay distinguishable for the common forms of
 * colour blindness and in greyscale. Yellow is last: it is hard to read on white.
 */
export const PALETTE = Object.freeze([
  '#0072B2', // blue
  '#E69F00', // orange
  '#009E73', // bluish green
  '#D55E00', // vermillion
  '#CC79A7', // reddish purple
  '#56B4E9', // sky blue
  '#999999', // grey
  '#F0E442', // yellow
] as const);

/** The colour of single-series marks (points, bars and bands without a colour field). */
export const MAIN_COLOR = PALETTE[0];
/** Reference rules (zero difference, fair win rate) and other annotations. */
export const REFERENCE_COLOR = '#555555';

/** WCAG relative luminance of a `#rrggbb` colour. */
function luminance(hex: string): number {
  const channel = (i: number) => {
    const c = parseInt(hex.slice(i, i + 2), 16) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * channel(1) + 0.7152 * channel(3) + 0.0722 * channel(5);
}

/** The text colour (white or near-black) with the higher contrast on `hex`. */
export function textColorOn(hex: string): string {
  const l = luminance(hex);
  return 1.05 / (l + 0.05) >= (l + 0.05) / (luminance('#222222') + 0.05) ? 'white' : '#222222';
}

/** Browsers fall back to Verdana/Arial; the PNG renderer has DejaVu Sans only. */
export const FONT = 'DejaVu Sans, Verdana, Arial, sans-serif';

/** Written into every spec so editors can validate `*.vl.json` files (never fetched). */
export const VEGA_LITE_SCHEMA = 'https://vega.github.io/schema/vega-lite/v6.json';

export const DEFAULT_WIDTH = 420;
export const DEFAULT_HEIGHT = 260;

/** Title, subtitle and size of a chart; every builder takes these. */
export interface ChartFrame {
  /** The chart title (required: a chart without a title is not self-explanatory in a report). */
  readonly title: string;
  /** One line under the title, e.g. the interval method ("Wilson 95 % intervals"). */
  readonly subtitle?: string;
  /**
   * The run size, shown in the subtitle: a number is printed as "N games"; a string verbatim
   * (e.g. "10,000 deals × 2 seatings per arm").
   */
  readonly runSize?: number | string;
  /** Width of the plot area (of each facet cell when faceted); default {@link DEFAULT_WIDTH}. */
  readonly width?: number;
  /** Height of the plot area (of each facet cell when faceted); default {@link DEFAULT_HEIGHT}. */
  readonly height?: number;
}

/** Formats an integer with thousands separators, independent of the machine's locale. */
export function formatCount(n: number): string {
  return Math.round(n).toLocaleString('en-US');
}

/** The subtitle line: the frame's subtitle and the run size, joined by " · ". */
export function subtitleOf(frame: ChartFrame): string | undefined {
  const run =
    frame.runSize === undefined
      ? undefined
      : typeof frame.runSize === 'number'
        ? `${formatCount(frame.runSize)} games`
        : frame.runSize;
  const parts = [frame.subtitle, run].filter((p): p is string => p !== undefined && p !== '');
  return parts.length === 0 ? undefined : parts.join(' · ');
}

/** The top-level `title` property of a spec. */
export function titleOf(frame: ChartFrame): NonNullable<TopLevelSpec['title']> {
  const subtitle = subtitleOf(frame);
  return subtitle === undefined ? { text: frame.title } : { text: frame.title, subtitle };
}

/** The part every chart spec starts with: schema, title (with run size) and a fresh theme. */
export function specFrame(frame: ChartFrame) {
  return { $schema: VEGA_LITE_SCHEMA, title: titleOf(frame), config: themeConfig() };
}

/** A fresh theme config for one spec. */
export function themeConfig(): Config {
  return {
    font: FONT,
    background: 'white',
    padding: 8,
    title: {
      anchor: 'start',
      fontSize: 15,
      fontWeight: 'bold',
      color: '#222222',
      subtitleFontSize: 11,
      subtitleColor: '#555555',
      subtitlePadding: 4,
      offset: 12,
    },
    // Arm names and comparisons are long: allow ~60 characters before a label is cut (default 180/160 px).
    axis: {
      labelLimit: 400,
      labelFontSize: 11,
      titleFontSize: 12,
      titleFontWeight: 'normal',
      titleColor: '#333333',
      labelColor: '#333333',
      gridColor: '#e6e6e6',
      domainColor: '#888888',
      tickColor: '#888888',
    },
    legend: {
      labelLimit: 400,
      labelFontSize: 11,
      titleFontSize: 12,
      titleFontWeight: 'normal',
      orient: 'right',
      symbolOpacity: 1,
    },
    header: { labelLimit: 400, labelFontSize: 12, titleFontSize: 12, titleFontWeight: 'normal' },
    view: { stroke: '#dddddd' },
    range: { category: [...PALETTE] },
  };
}
