/**
 * `carclab tiles FILE --png OUT`: draws a designer's tile file (`carclab-tiles/1`, checked as a game
 * checks it) — every tile in printed orientation with its id and copies — and lists the tiles on
 * stdout. `--tile-counts ID=N,…` shows the counts a study or an experiment would play instead.
 */
import { tileSheet } from '../charts/board/index.ts';
import { boardSvgToPNG } from '../charts/board/index.ts';
import { compileTileFile, EDGE_CITY, EDGE_FIELD, EDGE_ROAD, InputError, tileFieldsOf } from '../engine/index.ts';
import { baseGame, expansionRegistry } from '../expansions/index.ts';
import { readJsonFile, writeAtomic } from '../run/files.ts';
import { intFlag } from './args.ts';
import type { Command } from './args.ts';
import { parseTileCounts } from './study.ts';

/** The edge letters of a tile file. */
const SIDE: Readonly<Record<number, string>> = { [EDGE_FIELD]: 'F', [EDGE_ROAD]: 'R', [EDGE_CITY]: 'C' };

export const tilesCommand: Command = {
  name: 'tiles',
  usage: 'carclab tiles FILE [--png OUT] [--svg OUT] [--tile-counts ID=N,…] [--columns N]',
  summary:
    "Draws a tile file's tiles with their counts (PNG or SVG) and lists them; the file is checked as a game checks it.",
  flags: {
    png: { type: 'string', help: 'draw the tiles as PNG into this file' },
    svg: { type: 'string', help: 'draw the tiles as SVG into this file' },
    'tile-counts': { type: 'string', help: "copies per tile id instead of the file's: ID=N,…" },
    columns: { type: 'string', help: 'tiles per row (default: up to 6)' },
  },
  async run(positionals, flags) {
    const [file, ...rest] = positionals;
    if (file === undefined || rest.length) throw new InputError('usage', `usage: ${tilesCommand.usage}`);
    for (const name of ['png', 'svg'] as const)
      if (flags[name] === '') throw new InputError('usage', `--${name} needs a file name`);
    const columns = flags.columns === undefined ? undefined : intFlag(flags.columns, 'columns', 6, 1, 50);
    const data = readJsonFile(file, 'catalog', file);
    // Every registered module's tile fields are known, as in a game with that module.
    let types = compileTileFile(data, file, tileFieldsOf([baseGame, ...expansionRegistry.values()]));
    if (flags['tile-counts'] !== undefined) {
      const counts = parseTileCounts(flags['tile-counts'] as string);
      const unknown = Object.keys(counts).filter((id) => !types.some((t) => t.id === id));
      if (unknown.length)
        throw new InputError(
          'usage',
          `--tile-counts: ${file} has no tile ${unknown.join(', ')} (its tiles: ${types.map((t) => t.id).join(', ')})`,
        );
      types = types.map((t) => (Object.hasOwn(counts, t.id) ? { ...t, count: counts[t.id]! } : t));
    }
    const source = (data as { source?: unknown }).source;
    const sheet = tileSheet(types, {
      columns,
      subtitle: [file, ...(typeof source === 'string' ? [source] : [])],
    });
    for (const p of sheet.problems) process.stderr.write(`carclab: warning: ${p}\n`);
    const write = (out: string, bytes: string | Uint8Array) => {
      writeAtomic(out, bytes);
      process.stderr.write(`tiles: ${out}\n`);
    };
    if (typeof flags.svg === 'string') write(flags.svg, `${sheet.svg}\n`);
    if (typeof flags.png === 'string') write(flags.png, boardSvgToPNG(sheet.svg, 2));
    const width = Math.max(...types.map((t) => t.id.length), 2);
    process.stdout.write(
      `${types
        .map(
          (t) =>
            `${t.id.padEnd(width)}  ×${String(t.count).padStart(2)}  ${t.edges.map((e) => SIDE[e]).join('')}  ${t.segments.map((s) => s.name).join(' ')}`,
        )
        .join('\n')}\n${types.length} tile types, ${types.reduce((n, t) => n + t.count, 0)} tiles\n`,
    );
    return 0;
  },
};
