/**
 * Per-game rows as typed-array columns (kept with `--keep-games`). Always: `arm` (index into the
 * manifest's arms), `deal`, `rotation`, `players`, `moves` (a 32-bit hash of the game's action
 * sequence: equal in two arms' games of a deal when they played the same moves). By column group: `score<s>` and `rank<s>` per seat,
 * `breakdown`: `<source><s>` per seat (e.g. `field1`), `stats`: `stat.<name>` per game statistic and
 * `stat.<name><s>` per player statistic, `quality` (a run recording the game-quality measures): the
 * game's `QUALITY_COLUMNS`. Seats are table seats (seat 0 moves first); a seat or a
 * statistic an arm does not have is NaN. Rows are ordered by deal, then arm, then rotation, so the
 * table does not depend on how the run was sharded.
 *
 * Shard columns are persisted in a small binary file (`encodeColumns`): a JSON header then the raw
 * buffers, 8-byte aligned.
 */
import type { Game } from '../engine/index.ts';
import { registeredScoreSources } from '../expansions/index.ts';
import type { Plan } from './plan.ts';
import { QUALITY_COLUMNS } from './quality.ts';

export type ColumnType = 'u8' | 'i32' | 'f64';
export type ColumnArray = Uint8Array | Int32Array | Float64Array;
export type Columns = Record<string, ColumnArray>;

export interface ColumnSpec {
  name: string;
  type: ColumnType;
}

const make = (type: ColumnType, rows: number): ColumnArray =>
  type === 'u8' ? new Uint8Array(rows) : type === 'i32' ? new Int32Array(rows) : new Float64Array(rows);

/** The column layout of a plan: union of every arm's seats and statistics. */
export function columnLayout(plan: Plan, games: readonly Game[]): ColumnSpec[] {
  const specs: ColumnSpec[] = [
    { name: 'arm', type: 'u8' },
    { name: 'deal', type: 'i32' },
    { name: 'rotation', type: 'u8' },
    { name: 'players', type: 'u8' },
    { name: 'moves', type: 'i32' },
  ];
  const seats = Math.max(...games.map((g) => g.players));
  const perSeat = (prefix: string) => {
    for (let s = 0; s < seats; s++) specs.push({ name: `${prefix}${s}`, type: 'f64' });
  };
  if (plan.columns.includes('score')) perSeat('score');
  if (plan.columns.includes('rank')) perSeat('rank');
  if (plan.columns.includes('breakdown')) for (const source of registeredScoreSources()) perSeat(source);
  if (plan.columns.includes('stats')) {
    const stats = [...new Set(games.flatMap((g) => g.statNames))];
    const playerStats = [...new Set(games.flatMap((g) => g.playerStatNames))];
    for (const stat of stats) specs.push({ name: `stat.${stat}`, type: 'f64' });
    for (const stat of playerStats) perSeat(`stat.${stat}`);
  }
  if (plan.columns.includes('quality')) for (const name of QUALITY_COLUMNS) specs.push({ name, type: 'f64' });
  return specs;
}

export function allocColumns(layout: readonly ColumnSpec[], rows: number): Columns {
  const columns: Columns = {};
  for (const spec of layout) columns[spec.name] = make(spec.type, rows);
  return columns;
}

/** Concatenates column sets with the same layout, in the given order. */
export function concatColumns(layout: readonly ColumnSpec[], parts: readonly Columns[]): Columns {
  const rows = parts.reduce((n, p) => n + (p.arm?.length ?? 0), 0);
  const out = allocColumns(layout, rows);
  for (const spec of layout) {
    let at = 0;
    for (const part of parts) {
      const column = part[spec.name]!;
      (out[spec.name] as Float64Array).set(column as Float64Array, at);
      at += column.length;
    }
  }
  return out;
}

/** The underlying buffers, for zero-copy transfer out of a worker. */
export const columnBuffers = (columns: Columns): ArrayBuffer[] =>
  Object.values(columns).map((c) => c.buffer as ArrayBuffer);

const MAGIC = 0x4c4f4343; // "CCOL"

export function encodeColumns(layout: readonly ColumnSpec[], columns: Columns): Uint8Array {
  const entries: { name: string; type: ColumnType; offset: number; length: number }[] = [];
  let offset = 0;
  for (const spec of layout) {
    const column = columns[spec.name]!;
    entries.push({ name: spec.name, type: spec.type, offset, length: column.length });
    offset += Math.ceil(column.byteLength / 8) * 8;
  }
  const header = new TextEncoder().encode(JSON.stringify(entries));
  const dataStart = Math.ceil((8 + header.length) / 8) * 8;
  const out = new Uint8Array(dataStart + offset);
  const view = new DataView(out.buffer);
  view.setUint32(0, MAGIC, true);
  view.setUint32(4, header.length, true);
  out.set(header, 8);
  for (const entry of entries) {
    const column = columns[entry.name]!;
    out.set(new Uint8Array(column.buffer, column.byteOffset, column.byteLength), dataStart + entry.offset);
  }
  return out;
}

export function decodeColumns(bytes: Uint8Array, where: string): Columns {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (bytes.length < 8 || view.getUint32(0, true) !== MAGIC) throw new Error(`${where}: not a carclab column file`);
  const headerLength = view.getUint32(4, true);
  const entries = JSON.parse(new TextDecoder().decode(bytes.subarray(8, 8 + headerLength))) as {
    name: string;
    type: ColumnType;
    offset: number;
    length: number;
  }[];
  const dataStart = Math.ceil((8 + headerLength) / 8) * 8;
  const columns: Columns = {};
  for (const entry of entries) {
    const column = make(entry.type, entry.length);
    const from = bytes.subarray(dataStart + entry.offset, dataStart + entry.offset + column.byteLength);
    new Uint8Array(column.buffer).set(from);
    columns[entry.name] = column;
  }
  return columns;
}
