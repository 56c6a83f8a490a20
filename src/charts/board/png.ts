/**
 * SVG → PNG for board pictures with resvg and the bundled DejaVu fonts only (no system fonts), the
 * same options as the charts (docs/architecture.md §13), so a PNG has the same pixels on every machine.
 */
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { Resvg } from '@resvg/resvg-js';
import type { State } from '../../engine/index.ts';
import { renderBoard } from './render.ts';
import type { BoardOptions } from './render.ts';

export interface BoardPngOptions extends BoardOptions {
  /** Pixels per SVG unit (default 2, lowered so that neither side exceeds `maxPixels`). */
  scale?: number;
  /** Largest width or height of the PNG in pixels (default 6000). */
  maxPixels?: number;
}

let fontFiles: string[] | undefined;

/** DejaVu Sans regular and bold from the `dejavu-fonts-ttf` package. */
export function boardFontFiles(): string[] {
  if (!fontFiles) {
    const dir = join(dirname(createRequire(import.meta.url).resolve('dejavu-fonts-ttf/package.json')), 'ttf');
    fontFiles = ['DejaVuSans.ttf', 'DejaVuSans-Bold.ttf', 'DejaVuSans-Oblique.ttf'].map((f) => join(dir, f));
  }
  return fontFiles;
}

/** Rasterises an SVG document (white background, bundled fonts); `scale` pixels per SVG unit. */
export function boardSvgToPNG(svg: string, scale = 2): Uint8Array {
  const resvg = new Resvg(svg, {
    fitTo: { mode: 'zoom', value: scale },
    background: 'white',
    font: {
      loadSystemFonts: false,
      fontFiles: boardFontFiles(),
      defaultFontFamily: 'DejaVu Sans',
      sansSerifFamily: 'DejaVu Sans',
    },
  });
  return new Uint8Array(resvg.render().asPng());
}

/** The board of a state as PNG bytes. */
export function renderBoardPNG(state: State, options: BoardPngOptions = {}): Uint8Array {
  const picture = renderBoard(state, options);
  const limit = options.maxPixels ?? 6000;
  const scale = Math.min(options.scale ?? 2, limit / Math.max(picture.width, picture.height));
  return boardSvgToPNG(picture.svg, scale);
}
