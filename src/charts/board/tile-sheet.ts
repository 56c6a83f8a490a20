/**
 * A tile file's tiles on one sheet (`carclab tiles FILE --png`): every tile type in printed
 * orientation (north up) with its id and number of copies under it, in the file's order, a variant
 * beside its plain copies; the file's label and totals as the title. The tiles are drawn by the board
 * renderer (`tile-picture.ts`), so a designer sees what the games will place.
 */
import type { Illustration, TileType } from '../../engine/index.ts';
import { tileGeometry } from './geometry.ts';
import type { TileGeometry } from './geometry.ts';
import { COLOURS } from './palette.ts';
import { drawTile, escapeXml, fmt, ILLUSTRATION_LETTERS, ILLUSTRATION_NAMES } from './tile-picture.ts';

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

/**
 * The key to the small marks the sheet's tiles carry (a designer cannot guess "C"), in lines of at
 * most `chars` characters; none without marks.
 */
function marksKey(geos: readonly TileGeometry[], chars: number): string[] {
  const kinds = new Set<Illustration>(geos.flatMap((g) => g.illustrations.map((m) => m.kind)));
  const marks = [
    ...(geos.some((g) => g.pennants.length) ? ['shield: pennant'] : []),
    ...(geos.some((g) => g.travellers.length) ? ['three dots: travellers'] : []),
    ...(Object.keys(ILLUSTRATION_LETTERS) as Illustration[])
      .filter((k) => kinds.has(k))
      .map((k) => `${ILLUSTRATION_LETTERS[k]}: ${ILLUSTRATION_NAMES[k]}`),
    ...(kinds.size ? ['a dotted tie joins an illustration to its road'] : []),
  ];
  const lines: string[] = [];
  for (const [k, mark] of marks.entries()) {
    const text = k === 0 ? `Marks: ${mark}` : mark;
    if (k > 0 && lines[lines.length - 1]!.length + 3 + text.length <= chars) lines[lines.length - 1] += ` · ${text}`;
    else lines.push(text);
  }
  return lines;
}

/** Lays out the tile types on a sheet. */
export function tileSheet(types: readonly TileType[], options: TileSheetOptions = {}): TileSheet {
  const T = options.tileSize ?? 120;
  const columns = Math.max(1, options.columns ?? Math.min(6, types.length));
  const gap = Math.round(T * 0.3);
  const label = Math.round(T * 0.42);
  const left = 24;
  const title = options.title ?? types[0]?.expansion ?? 'tiles';
  const width = Math.max(left * 2 + columns * T + (columns - 1) * gap, 420);
  const chars = (width - 2 * left) / 7;
  const geos = types.map((type) => tileGeometry(type));
  const lines = [...(options.subtitle ?? []), ...marksKey(geos, chars)];
  const top = 40 + 18 * lines.length;
  const rows = Math.ceil(types.length / columns);
  const height = top + rows * (T + label) + 16;
  const problems: string[] = [];
  const cells = types.map((type, k) => {
    const ox = left + (k % columns) * (T + gap);
    const oy = top + Math.floor(k / columns) * (T + label);
    const geo = geos[k]!;
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
        `<text x="${left}" y="${44 + 18 * i}" font-size="12" fill="${COLOURS.muted}">${escapeXml(clip(l, chars))}</text>`,
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
