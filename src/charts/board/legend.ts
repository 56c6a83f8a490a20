/**
 * The legend of a board picture (`render.ts`), to the right of the board: the title and the game's
 * status, each player's colour, score, score sources, supply and the expansions' `playerNotes`, then
 * a key of only what can appear on this board, and a note for tiles of a reconstructed tile file.
 */
import { SEG_MONASTERY } from '../../engine/index.ts';
import type { Illustration, State } from '../../engine/index.ts';
import { registeredScoreSources } from '../../expansions/index.ts';
import { tileGeometry } from './geometry.ts';
import { COLOURS, PLAYER_COLOUR_NAMES } from './palette.ts';
import {
  ILLUSTRATION_LETTERS,
  ILLUSTRATION_NAMES,
  escapeXml,
  fmt,
  illustrationIcon,
  labyrinthIcon,
  laneIcon,
  meepleMark,
  meepleScale,
  monasteryIcon,
  pennantIcon,
  pieceMark,
  travellersIcon,
  villageIcon,
} from './tile-picture.ts';

/** Width of the legend in SVG units. */
const W = 330;
/** Size of a tile the key's icons are drawn for. */
const KEY_T = 80;

/** The legend's text besides the game's own. */
export interface LegendOptions {
  /** First line of the legend (default "Board"). */
  title?: string;
  /** Extra lines under the title (e.g. the scenario's rule, the run and deal). */
  subtitle?: string[];
  /** Player labels (default P0, P1, …). */
  playerNames?: string[];
}

interface LineOptions {
  size?: number;
  bold?: boolean;
  colour?: string;
  x?: number;
}

/** The legend's lines and icons, written top down from (x0, y0). */
class LegendWriter {
  readonly out: string[] = [];
  y: number;

  constructor(
    readonly x0: number,
    readonly y0: number,
  ) {
    this.y = y0 + 18;
  }

  /** A line of text, wrapped at spaces to the legend's width. */
  line(text: string, opts: LineOptions = {}): void {
    const size = opts.size ?? 12;
    const x = opts.x ?? this.x0;
    // Wrap at spaces to the legend's width (DejaVu Sans averages about 0.6 em per character).
    const perLine = Math.max(10, Math.floor((this.x0 + W - x) / (size * (opts.bold ? 0.66 : 0.6))));
    const rows: string[] = [];
    let row = '';
    for (const word of text.split(' ')) {
      if (row && `${row} ${word}`.length > perLine) {
        rows.push(row);
        row = word;
      } else row = row ? `${row} ${word}` : word;
    }
    rows.push(row);
    for (const r of rows) {
      this.out.push(
        `<text x="${fmt(x)}" y="${fmt(this.y)}" font-size="${size}"${opts.bold ? ' font-weight="bold"' : ''} fill="${opts.colour ?? COLOURS.text}">${escapeXml(r)}</text>`,
      );
      this.y += size + 5;
    }
  }

  /** A row of the key: an icon and what it means. */
  keyRow(icon: string, text: string): void {
    this.out.push(icon);
    this.out.push(
      `<text x="${fmt(this.x0 + 30)}" y="${fmt(this.y)}" font-size="11" fill="${COLOURS.text}">${escapeXml(text)}</text>`,
    );
    this.y += 20;
  }

  /** Where a key row's icon is centred vertically. */
  iconY(): number {
    return this.y - 4;
  }
}

/** Draws the legend with its top-left corner at (x0, y0); its size in SVG units. */
export function drawLegend(
  state: State,
  options: LegendOptions,
  x0: number,
  y0: number,
): { svg: string; width: number; height: number } {
  const w = new LegendWriter(x0, y0);
  w.line(options.title ?? 'Board', { size: 16, bold: true });
  for (const s of options.subtitle ?? []) w.line(s, { size: 11, colour: COLOURS.muted });
  const status = state.finalScored
    ? 'final scores'
    : state.isOver()
      ? 'scores before final scoring'
      : `scores so far (game in progress, turn ${state.turnNumber()})`;
  w.line(`${state.placedCount} tiles placed · ${status}`, { size: 11, colour: COLOURS.muted });
  w.y += 4;
  for (let p = 0; p < state.game.players; p++) playerLines(w, state, p, options.playerNames?.[p] ?? `P${p}`);
  // Key: only what can appear on this board.
  w.y += 6;
  w.line('Key', { size: 13, bold: true });
  meepleKey(w, state);
  pieceKey(w, state, boardKinds(state));
  reconstructedNote(w, state);
  return { svg: `<g id="legend">${w.out.join('\n')}</g>`, width: W, height: w.y - y0 };
}

/** One player: colour, name and score, the score by source, and the supply with the expansions' notes. */
function playerLines(w: LegendWriter, state: State, p: number, name: string): void {
  const game = state.game;
  const x0 = w.x0;
  w.out.push(meepleMark(x0 + 9, w.y - 5, 20, p, false));
  const score = state.score(p);
  const colour = PLAYER_COLOUR_NAMES[p % PLAYER_COLOUR_NAMES.length];
  w.line(`${name} (${colour}): ${score} point${score === 1 ? '' : 's'}`, { size: 13, bold: true, x: x0 + 24 });
  const b = state.breakdown(p);
  const parts = registeredScoreSources()
    .filter((src) => (b[src] ?? 0) !== 0)
    .map((src) => `${src} ${b[src]}`);
  // Each meeple kind's supply: the plain ones, then e.g. `1 big meeple`.
  const supply = game.meepleKinds.map((kind, k) => {
    const left = state.meeplesLeft[k * game.players + p]!;
    return `${left} ${k === 0 ? '' : `${kind.name} `}meeple${left === 1 ? '' : 's'}`;
  });
  const extras: string[] = [`${supply.join(', ')} in supply`];
  for (const h of game.hooks) if (h.playerNotes) extras.push(...h.playerNotes(state, p));
  w.line(parts.length ? parts.join(', ') : 'no points yet', { size: 11, x: x0 + 24 });
  w.line(extras.join(' · '), { size: 11, colour: COLOURS.muted, x: x0 + 24 });
  w.y += 3;
}

/** The key's meeples: standing, lying (a farmer), and each other meeple kind of the game. */
function meepleKey(w: LegendWriter, state: State): void {
  const x0 = w.x0;
  w.keyRow(meepleMark(x0 + 10, w.iconY(), 18, 0, false), 'meeple on a road, city or monastery (player number)');
  w.keyRow(meepleMark(x0 + 10, w.iconY(), 18, 0, true), 'farmer (lying) on a field');
  for (const kind of state.game.meepleKinds.slice(1)) {
    const scale = meepleScale(kind.weight);
    if (scale !== 1) w.y += 4;
    w.keyRow(
      meepleMark(x0 + 10, w.iconY() - (scale - 1) * 6, 18 * scale, 0, false, undefined, kind.name),
      `${kind.name} meeple${scale === 1 ? '' : ', drawn bigger'}: counts ${kind.weight} in a majority`,
    );
  }
}

/** What the placed tiles show: pennants, gates, lanes, villages, illustrations (`loose:` when attached to no road) … */
function boardKinds(state: State): Set<string> {
  const kinds = new Set<string>();
  for (let i = 0; i < state.placedCount; i++) {
    const t = state.typeOf(i);
    for (const seg of t.segments) {
      if (seg.props.labyrinth === 1) kinds.add('labyrinth');
      if (seg.props.travellers) kinds.add('travellers');
      if (seg.kind === SEG_MONASTERY) kinds.add('monastery');
      if (seg.pennants) kinds.add('pennant');
      if (seg.end === 'city') kinds.add('gate');
      if (seg.end === 'village') kinds.add('village');
      for (const il of seg.illustrations) kinds.add(il);
    }
    if (tileGeometry(t).lanes.length) kinds.add('lane');
    for (const il of t.looseIllustrations) kinds.add(`loose:${il}`);
  }
  return kinds;
}

/** The key's rows for what is on the board (`kinds`) and for the expansions' pieces. */
function pieceKey(w: LegendWriter, state: State, kinds: ReadonlySet<string>): void {
  const x0 = w.x0;
  const T = KEY_T;
  const iy = () => w.iconY();
  if (kinds.has('pennant')) w.keyRow(pennantIcon(x0 + 10, iy(), T * 1.3), 'pennant');
  if (kinds.has('gate'))
    w.keyRow(
      `<circle cx="${x0 + 10}" cy="${fmt(iy())}" r="${fmt(T * 0.055)}" fill="${COLOURS.gate}"/>`,
      'city gate (a road ends here)',
    );
  if (kinds.has('lane'))
    w.keyRow(
      laneIcon(`M${fmt(x0 + 2)} ${fmt(iy())}L${fmt(x0 + 16)} ${fmt(iy())}`, [x0 + 17, iy()], T * 0.9),
      'lane to a city gate (no feature)',
    );
  if (kinds.has('village')) w.keyRow(villageIcon(x0 + 10, iy(), T * 0.9), 'village: roads end here (a crossroads)');
  if (kinds.has('monastery')) w.keyRow(monasteryIcon(x0 + 10, iy() + 2, T * 0.8), 'monastery');
  if (kinds.has('labyrinth')) w.keyRow(labyrinthIcon(x0 + 10, iy(), T * 0.75), 'labyrinth (one road through the tile)');
  if (kinds.has('travellers')) w.keyRow(travellersIcon(x0 + 10, iy(), T * 1.3), 'travellers (one group) on this road');
  for (const { kind, sampleLabel, description } of state.game.expansions.flatMap((e) => e.pieceKinds ?? [])) {
    w.keyRow(pieceMark(x0 + 10, iy() + 2, T * 0.9, { player: 0, label: sampleLabel }, `key-${kind}`), description);
  }
  illustrationKey(w, kinds);
}

/** The key's illustrations: their letters and names, and the dashed disc of one attached to no road. */
function illustrationKey(w: LegendWriter, kinds: ReadonlySet<string>): void {
  const x0 = w.x0;
  const illus = (Object.keys(ILLUSTRATION_LETTERS) as Illustration[]).filter(
    (k) => kinds.has(k) || kinds.has(`loose:${k}`),
  );
  if (!illus.length) return;
  w.keyRow(
    illustrationIcon(x0 + 10, w.iconY(), KEY_T * 1.1, illus[0]!, false),
    'illustration next to its road (dotted tie):',
  );
  const text = illus.map((k) => `${ILLUSTRATION_LETTERS[k]} ${ILLUSTRATION_NAMES[k]}`);
  for (let i = 0; i < text.length; i += 4) w.line(text.slice(i, i + 4).join(' · '), { size: 11, x: x0 + 30 });
  if (illus.some((k) => kinds.has(`loose:${k}`)))
    w.keyRow(
      illustrationIcon(x0 + 10, w.iconY(), KEY_T * 1.1, illus.find((k) => kinds.has(`loose:${k}`))!, true),
      'dashed: attached to no road',
    );
}

/** Tiles of a reconstructed tile file on the board: named by their expansion's title. */
function reconstructedNote(w: LegendWriter, state: State): void {
  const reconstructed = new Set(
    Array.from({ length: state.placedCount }, (_, i) => state.typeOf(i))
      .filter((t) => t.reconstructed)
      .map((t) => t.expansion),
  );
  for (const name of reconstructed) {
    const title = state.game.expansions.find((e) => e.name === name)?.title ?? name;
    w.line(`${title}: tiles are a documented reconstruction`, { size: 10, colour: COLOURS.muted });
  }
}
