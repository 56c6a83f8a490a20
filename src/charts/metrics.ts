/**
 * Text widths for headless layout. Without a canvas package vega estimates every character at
 * 0.8 em, about 1.4× DejaVu Sans' real average, which leaves wide blank margins after long
 * subtitles and truncates labels that would fit. vega lets a renderer plug in its own measure
 * (`textMetrics.width`, as vl-convert does); this module measures with the advance widths of the
 * bundled DejaVu Sans files, the fonts the PNGs are drawn with. Kerning is ignored (widths err a
 * little on the wide side).
 */
import { readFileSync } from 'node:fs';
import * as vega from 'vega';
import { chartFontFiles } from './fonts.ts';

/** Advance widths in em of the Basic Multilingual Plane; NaN where the font has no glyph. */
type Advances = Float32Array;

/** Reads `head`, `hhea`, `hmtx` and the Unicode BMP `cmap` (format 4) of a TrueType file. */
export function readAdvances(ttf: Uint8Array): Advances {
  const view = new DataView(ttf.buffer, ttf.byteOffset, ttf.byteLength);
  // 1. The table directory.
  const tables = new Map<string, number>();
  for (let i = 0, n = view.getUint16(4); i < n; i++) {
    const at = 12 + 16 * i;
    tables.set(String.fromCharCode(ttf[at]!, ttf[at + 1]!, ttf[at + 2]!, ttf[at + 3]!), view.getUint32(at + 8));
  }
  const table = (tag: string) => {
    const at = tables.get(tag);
    if (at === undefined) throw new Error(`font has no ${tag} table`);
    return at;
  };
  // 2. Units per em and the horizontal metrics of each glyph.
  const unitsPerEm = view.getUint16(table('head') + 18);
  const metricCount = view.getUint16(table('hhea') + 34);
  const hmtx = table('hmtx');
  const advanceOf = (glyph: number) => view.getUint16(hmtx + 4 * Math.min(glyph, metricCount - 1)) / unitsPerEm;
  // 3. The Unicode BMP subtable of the character map (Windows 3/1 or Unicode 0/3), format 4.
  const cmap = table('cmap');
  let sub = -1;
  for (let i = 0, n = view.getUint16(cmap + 2); i < n; i++) {
    const platform = view.getUint16(cmap + 4 + 8 * i),
      encoding = view.getUint16(cmap + 6 + 8 * i);
    const at = cmap + view.getUint32(cmap + 8 + 8 * i);
    if (((platform === 3 && encoding === 1) || (platform === 0 && encoding === 3)) && view.getUint16(at) === 4)
      sub = at;
  }
  if (sub < 0) throw new Error('font has no format-4 Unicode cmap');
  const segments = view.getUint16(sub + 6) / 2;
  const ends = sub + 14,
    starts = ends + 2 * segments + 2,
    deltas = starts + 2 * segments,
    offsets = deltas + 2 * segments;
  const advances = new Float32Array(0x10000).fill(Number.NaN);
  for (let s = 0; s < segments; s++) {
    const end = view.getUint16(ends + 2 * s),
      start = view.getUint16(starts + 2 * s);
    const delta = view.getInt16(deltas + 2 * s),
      offset = view.getUint16(offsets + 2 * s);
    for (let c = start; c <= end && c !== 0xffff; c++) {
      let glyph: number;
      if (offset === 0) glyph = (c + delta) & 0xffff;
      else {
        const g = view.getUint16(offsets + 2 * s + offset + 2 * (c - start));
        glyph = g === 0 ? 0 : (g + delta) & 0xffff;
      }
      if (glyph !== 0) advances[c] = advanceOf(glyph);
    }
  }
  return advances;
}

/** Regular and bold advances, read once per process (the font files never change). */
let fonts: { regular: Advances; bold: Advances } | undefined;
function dejavu(): { regular: Advances; bold: Advances } {
  const [regular, bold] = chartFontFiles();
  fonts ??= { regular: readAdvances(readFileSync(regular!)), bold: readAdvances(readFileSync(bold!)) };
  return fonts;
}

/** The scenegraph item fields vega's text measurement reads. */
interface TextItem {
  readonly fontSize?: number;
  readonly fontWeight?: string | number;
  readonly limit?: number;
}

/** Width in pixels of `text` as drawn for `item` in DejaVu Sans (vega's `textMetrics.width` contract). */
export function dejavuTextWidth(item: TextItem, text: unknown): number {
  const s = text == null ? '' : String(text).trim();
  const weight = item.fontWeight;
  const bold =
    weight === 'bold' ||
    weight === 'bolder' ||
    (typeof weight === 'number' && weight >= 600) ||
    (typeof weight === 'string' && Number(weight) >= 600);
  const advances = bold ? dejavu().bold : dejavu().regular;
  const fallback = advances[0x4d]!; // an 'M' for characters outside the BMP or without a glyph
  let em = 0;
  for (const ch of s) {
    const a = advances[ch.codePointAt(0)!];
    em += a === undefined || Number.isNaN(a) ? fallback : a;
  }
  const width = em * (item.fontSize ?? 11);
  // A truncated label is at most `limit` wide.
  return item.limit !== undefined && item.limit > 0 ? Math.min(width, item.limit) : width;
}

/** vega's text measurement hook (exported by vega from vega-scenegraph; not in vega's typings). */
type Measure = (item: TextItem, text: unknown) => number;
const textMetrics = (vega as unknown as { textMetrics: { width: Measure } }).textMetrics;

/** How many renders currently need the DejaVu measure, and vega's measure to restore after them. */
let active = 0;
let saved: Measure | undefined;

/**
 * Runs `render` with vega measuring text by DejaVu Sans advances, then restores vega's own
 * measure (counted, so overlapping renders share one installation).
 */
export async function withDejaVuMetrics<T>(render: () => Promise<T>): Promise<T> {
  if (active++ === 0) {
    saved = textMetrics.width;
    textMetrics.width = dejavuTextWidth;
  }
  try {
    return await render();
  } finally {
    if (--active === 0) textMetrics.width = saved!;
  }
}
