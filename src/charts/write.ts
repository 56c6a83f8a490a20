/**
 * Writes one chart as `name.vl.json` (the Vega-Lite spec), `name.svg` and `name.png` into a
 * directory, each file atomically (a temporary file in the same directory, then a rename), so an
 * interrupted run never leaves a half-written chart file.
 */
import { join } from 'node:path';
import type { TopLevelSpec } from 'vega-lite';
import { writeAtomic } from '../run/files.ts';
import { svgToPNG, toSVG } from './render.ts';
import type { PngOptions } from './render.ts';

const CHART_NAME = /^[A-Za-z0-9][A-Za-z0-9_.-]*$/;

/** The paths `writeChart` wrote. */
export interface ChartFiles {
  readonly vl: string;
  readonly svg: string;
  readonly png: string;
}

/**
 * Renders `spec` and writes `dir/name.vl.json`, `dir/name.svg` and `dir/name.png` (creating `dir`).
 * Rendering happens before any file is written.
 */
export async function writeChart(
  dir: string,
  name: string,
  spec: TopLevelSpec,
  options: PngOptions = {},
): Promise<ChartFiles> {
  if (!CHART_NAME.test(name))
    throw new Error(`chart name ${JSON.stringify(name)} must be letters, digits, '_', '.' or '-' (no path)`);
  const svg = await toSVG(spec, options);
  const png = svgToPNG(svg, options);
  const files: ChartFiles = {
    vl: join(dir, `${name}.vl.json`),
    svg: join(dir, `${name}.svg`),
    png: join(dir, `${name}.png`),
  };
  writeAtomic(files.vl, `${JSON.stringify(spec, null, 2)}\n`);
  writeAtomic(files.svg, svg);
  writeAtomic(files.png, png);
  return files;
}
