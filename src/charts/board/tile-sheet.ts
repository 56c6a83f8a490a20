/**
 * A tile file's tiles on one sheet (`carclab tiles FILE --png`): every tile type in printed
 * orientation (north up) with its id and number of copies under it, in the file's order, a variant
 * beside its plain copies; the file's label and totals as the title. The tiles are drawn by the board
 * renderer (`tile-picture.ts`), so a designer sees what the games will place.
 */
import type { TileType } from '../../engine/index.ts';
import { tileGeometry } from './geometry.ts';
import { COLOURS } from './palette.ts';
import { drawTile, escapeXml, fmt } from './tile-picture.ts';

export interface TileSheet {
  svg: string;
  width: number;
  height: number;
  /** Problems the renderer found with a tile's shapes (a picture may then mislead), by tile. */
  problems: string[];
}

export interface TileSheetOptions {
  /** First line of the title (default: the file's expansion label). */
  title?: string;
  /** Lines under it (e.g. the file's source). */
  subtitle?: string[];
  /** Side of a drawn tile (default 120). */
  tileSize?: number;
  /** Tiles per row (default: up to 6). */
  columns?: number;
}

/** A line cut to about `chars` characters (12-point DejaVu Sans is about 7 units a character). */
const clip = (line: string, chars: number): string =>
  line.length <= chars ? line : `${line.slice(0, Math.max(1, Math.floor(chars) - 1))}…`;

/** Lays out the tile types on a sheet. */
export function tileSheet(types: readonly TileType[], options: TileSheetOptions = {}): TileSheet {
  const T = options.tileSize ?? 120;
  const columns = Math.max(1, options.columns ?? Math.min(6, types.length));
  const gap = Math.round(T * 0.3);
  const label = Math.round(T * 0.42);
  const left = 24;
  const title = options.title ?? types[0]?.expansion ?? 'tiles';
  const lines = options.subtitle ?? [];
  const top = 40 + 18 * lines.length;
  const rows = Math.ceil(types.length / columns);
  const width = Math.max(left * 2 + columns * T + (columns - 1) * gap, 420);
  const height = top + rows * (T + label) + 16;
  const problems: string[] = [];
  const cells = types.map((type, k) => {
    const ox = left + (k % columns) * (T + gap);
    const oy = top + Math.floor(k / columns) * (T + label);
    const geo = tileGeometry(type);
    problems.push(...geo.problems.map((p) => `tile ${type.id}: ${p}`));
    const tile = drawTile(geo, ([u, v]) => [u * T, v * T], T, { id: type.id, x: 0, y: 0, rot: 0, placed: k, ox, oy });
    const cx = ox + T / 2;
    return [
      tile,
      `<rect x="${fmt(ox)}" y="${fmt(oy)}" width="${T}" height="${T}" fill="none" stroke="${COLOURS.tileBorder}" stroke-width="1"/>`,
      `<text x="${fmt(cx)}" y="${fmt(oy + T + label * 0.45)}" text-anchor="middle" font-size="${fmt(T * 0.13)}" font-weight="bold" fill="${COLOURS.text}">${escapeXml(type.id)}</text>`,
      `<text x="${fmt(cx)}" y="${fmt(oy + T + label * 0.82)}" text-anchor="middle" font-size="${fmt(T * 0.11)}" fill="${COLOURS.muted}">× ${type.count}${type.reconstructed ? ' (reconstructed)' : ''}</text>`,
    ].join('');
  });
  const copies = types.reduce((t, x) => t + x.count, 0);
  const head = [
    `<text x="${left}" y="26" font-size="17" font-weight="bold" fill="${COLOURS.text}">${escapeXml(title)}: ${types.length} tile type${types.length === 1 ? '' : 's'}, ${copies} tile${copies === 1 ? '' : 's'}</text>`,
    ...lines.map(
      (l, i) =>
        `<text x="${left}" y="${44 + 18 * i}" font-size="12" fill="${COLOURS.muted}">${escapeXml(clip(l, (width - 2 * left) / 7))}</text>`,
    ),
  ];
  const svg = [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" font-family="DejaVu Sans, sans-serif">`,
    `<rect width="${width}" height="${height}" fill="${COLOURS.background}"/>`,
    ...head,
    ...cells,
    '</svg>',
  ].join('\n');
  return { svg, width, height, problems };
}
