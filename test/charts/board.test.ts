/**
 * Board pictures: every catalog tile draws with the catalog's topology, scenarios and random games
 * render to SVG and PNG, one tile group per placed tile and one meeple mark per meeple, and the
 * PNG's legend has its text (resvg silently drops text it has no font for).
 */
import { readFileSync, readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

import type { State } from '../../src/engine/index.ts';
import { replayResult, replayScenario, replayState } from '../../src/engine/scenario.ts';
import { expansionRegistry, newGame } from '../../src/expansions/index.ts';
import {
  PLAYER_COLOURS,
  renderBoard,
  renderBoardPNG,
  renderBoardSVG,
  tileGeometry,
  boardPiecesOf,
} from '../../src/charts/board/index.ts';
import { playChecked } from '../util.ts';
import { decodePNG } from './png.ts';
import type { Image } from './png.ts';

const SCENARIO_KEYS = ['players', 'expansions', 'rules', 'start', 'turns'];
const scenarioDirs = ['base', 'expansions'].map((d) => new URL(`../scenarios/${d}/`, import.meta.url));

interface ScenarioFile {
  rule?: string;
  expect?: { error?: unknown };
  [key: string]: unknown;
}

/** Every scenario that plays to the end (illegal-turn scenarios are left out). */
function playableScenarios(): { name: string; file: ScenarioFile; scenario: Record<string, unknown> }[] {
  const out: { name: string; file: ScenarioFile; scenario: Record<string, unknown> }[] = [];
  for (const dir of scenarioDirs) {
    let names: string[];
    try {
      names = readdirSync(dir)
        .filter((f) => f.endsWith('.json'))
        .sort();
    } catch {
      continue;
    }
    for (const name of names) {
      const file = JSON.parse(readFileSync(new URL(name, dir), 'utf8')) as ScenarioFile;
      if (file.expect?.error !== undefined) continue;
      const scenario = Object.fromEntries(Object.entries(file).filter(([k]) => SCENARIO_KEYS.includes(k)));
      // A scenario being written that does not replay yet is its own test's business, not the pictures'.
      try {
        replayScenario(scenario, expansionRegistry);
      } catch {
        continue;
      }
      out.push({ name: `${dir.pathname.split('/').at(-2)}/${name}`, file, scenario });
    }
  }
  return out;
}

const count = (svg: string, pattern: RegExp) => (svg.match(pattern) ?? []).length;
const meeplesOnBoard = (state: State) => {
  let n = 0;
  for (let g = 0; g < state.placedCount * state.game.segmentsPerTile; g++) if (state.meeple[g] !== 0) n++;
  return n;
};
const isPNG = (bytes: Uint8Array) => Buffer.from(bytes.subarray(0, 8)).toString('hex') === '89504e470d0a1a0a';

function darkInBox(image: Image, x0: number, y0: number, x1: number, y1: number): number {
  let n = 0;
  for (let y = Math.max(0, Math.floor(y0)); y < Math.min(image.height, Math.ceil(y1)); y++) {
    for (let x = Math.max(0, Math.floor(x0)); x < Math.min(image.width, Math.ceil(x1)); x++) {
      const i = (y * image.width + x) * 4;
      if (image.rgba[i]! < 90 && image.rgba[i + 1]! < 90 && image.rgba[i + 2]! < 90) n++;
    }
  }
  return n;
}

/** Checks the drawing of a state: tile groups, meeple marks, tollhouses, well-formed enough for resvg. */
function checkPicture(state: State): string {
  const svg = renderBoardSVG(state, { title: 'test' });
  expect(svg.startsWith('<svg ')).toBe(true);
  expect(svg.trimEnd().endsWith('</svg>')).toBe(true);
  expect(count(svg, /<g class="tile"/g)).toBe(state.placedCount);
  expect(count(svg, /<g class="meeple" data-player="\d" data-segment=/g)).toBe(meeplesOnBoard(state));
  expect(count(svg, /<g class="tollhouse"/g)).toBe(
    boardPiecesOf(state).filter((piece) => piece.kind === 'tollhouse').length,
  );
  expect(svg).not.toMatch(/NaN|undefined|Infinity/);
  return svg;
}

describe('tile geometry', () => {
  const game = newGame({ players: 2, expansions: [...expansionRegistry.values()] });
  const c2 = newGame({ players: 2, expansions: [...expansionRegistry.values()], rules: { tollkeepersEdition: 'C2' } });
  const types = [...game.catalog.types, ...c2.catalog.types.filter((t) => !game.catalog.has(t.id))];

  it('draws every catalog tile with the catalog topology (fields separated and connected as in the data)', () => {
    const problems = types.flatMap((t) => tileGeometry(t).problems.map((p) => `${t.id}: ${p}`));
    expect(problems).toEqual([]);
    expect(types.length).toBeGreaterThan(60);
  });

  it("parts the fields beside Inns & Cathedrals I's cities with a lane from the village to each, and draws no other lane", () => {
    expect(
      types.filter((t) => tileGeometry(t).lanes.length > 0).map((t) => [t.id, tileGeometry(t).lanes.length]),
    ).toEqual([['IC.I', 2]]);
  });

  it('puts every segment anchor inside the tile, on its own segment where the raster shows it', () => {
    for (const type of types) {
      const geo = tileGeometry(type);
      const N = geo.raster.size;
      type.segments.forEach((seg, s) => {
        const [x, y] = geo.anchors[s]!;
        expect(x, `${type.id} ${seg.name}`).toBeGreaterThan(0);
        expect(x).toBeLessThan(1);
        expect(y).toBeGreaterThan(0);
        expect(y).toBeLessThan(1);
        const label = geo.raster.labels[Math.floor(y * N) * N + Math.floor(x * N)];
        expect(label, `${type.id} ${seg.name} anchor lies on segment ${label}`).toBe(s);
      });
    }
  });

  it('draws a pennant per pennant, travellers per group and every illustration', () => {
    for (const type of types) {
      const geo = tileGeometry(type);
      expect(geo.pennants.length).toBe(type.segments.reduce((n, s) => n + s.pennants, 0));
      expect(geo.travellers.length).toBe(type.segments.reduce((n, s) => n + (s.props.travellers ?? 0), 0));
      expect(geo.illustrations.length).toBe(
        type.segments.reduce((n, s) => n + s.illustrations.length, 0) + type.looseIllustrations.length,
      );
    }
  });
});

describe('board pictures of scenarios', () => {
  const scenarios = playableScenarios();

  it('finds base and expansion scenarios', () => {
    expect(scenarios.filter((s) => s.name.startsWith('base/')).length).toBeGreaterThanOrEqual(20);
  });

  it('replays a scenario to the same state the engine scores', () => {
    for (const { name, scenario } of scenarios) {
      const state = replayState(scenario, expansionRegistry, { where: name });
      const result = replayResult(state, expansionRegistry);
      expect(result.scores).toEqual(replayScenario(scenario, expansionRegistry).scores);
      expect(state.totals()).toEqual(result.scores);
    }
  });

  it('renders every playable scenario to SVG and PNG', () => {
    for (const { name, file, scenario } of scenarios) {
      const state = replayState(scenario, expansionRegistry, { where: name });
      checkPicture(state);
      const png = renderBoardPNG(state, { title: name, subtitle: [String(file.rule ?? '')], scale: 1 });
      expect(isPNG(png), name).toBe(true);
    }
  });

  it('has legend text in the PNG (fonts are loaded)', () => {
    const { file, scenario } = scenarios.find((s) => s.name === 'base/final-every-kind.json') ?? scenarios[0]!;
    const state = replayState(scenario, expansionRegistry);
    const options = { title: 'final-every-kind', subtitle: [String(file.rule ?? '')] };
    const picture = renderBoard(state, options);
    expect(picture.legend).not.toBeNull();
    const scale = 2;
    const image = decodePNG(renderBoardPNG(state, { ...options, scale }));
    expect(image.width).toBe(Math.round(picture.width * scale));
    const box = picture.legend!;
    const dark = darkInBox(
      image,
      box.x * scale,
      box.y * scale,
      (box.x + box.width) * scale,
      (box.y + box.height) * scale,
    );
    expect(dark).toBeGreaterThan(50);
  });

  it('draws a scenario with all three expansions: tollhouse, labyrinth, travellers, illustrations, King and Robber', () => {
    const found = scenarios.find((s) => s.name === 'expansions/all-expansions-official.json');
    if (!found) return; // written by another colleague; the random game below covers the expansions too
    const state = replayState(found.scenario, expansionRegistry);
    const result = replayResult(state, expansionRegistry);
    const svg = checkPicture(state);
    const placedTolls = ((result.tollValues ?? []) as (number | null)[]).filter((v) => v !== null).length;
    expect(count(svg, /<g class="tollhouse"/g)).toBe(placedTolls);
    expect(svg).toContain('class="labyrinth"');
    expect(svg).toContain('class="travellers"');
    expect(svg).toContain('class="illustration"');
    expect(svg).toContain('King');
    expect(svg).toContain('Robber Baron');
  });
});

describe('the big meeple in a picture', () => {
  // After its first two turns P0's big meeple and P1's plain one stand on two cities (`ic-big-meeple-city-majority`).
  const found = playableScenarios().find((s) => s.name === 'expansions/ic-big-meeple-city-majority.json')!;
  const state = replayState(
    { ...found.scenario, turns: (found.scenario.turns as unknown[]).slice(0, 2) },
    expansionRegistry,
    { noFinal: true },
  );
  const svg = checkPicture(state);
  /** The scale of each meeple figure on the board, by its kind ('' for a plain meeple). */
  const figures = [
    ...svg.matchAll(
      /<g class="meeple" data-player="(\d)" data-segment="[^>]*?(?: data-kind="(\w+)")?><g transform="translate\([^)]*\)(?: rotate\(-90\))? scale\(([\d.]+)\)"/g,
    ),
  ].map((m) => ({ player: Number(m[1]), kind: m[2] ?? '', scale: Number(m[3]) }));

  it('is drawn 1.4 times a plain meeple and marked with its kind', () => {
    expect(figures.map(({ player, kind }) => [player, kind])).toEqual([
      [0, 'big'],
      [1, ''],
    ]);
    expect(figures[0]!.scale / figures[1]!.scale).toBeCloseTo(1.4, 1);
  });

  it("is in the legend: a bigger sample in the key, and each player's big meeples in supply", () => {
    expect(svg).toContain('big meeple, drawn bigger: counts 2 in a majority');
    expect(svg).toMatch(/<g class="meeple" data-player="0" data-kind="big">/);
    expect(svg).toContain('7 meeples, 0 big meeples in supply');
    expect(svg).toContain('6 meeples, 1 big meeple in supply');
  });
});

describe('board pictures of random games', () => {
  it('renders a 4-player game with all three expansions', () => {
    const game = newGame({ players: 4, expansions: [...expansionRegistry.values()] });
    const state = playChecked(game, 'board', 0);
    expect(state.isOver()).toBe(true);
    const svg = checkPicture(state);
    expect(count(svg, /<g class="tile"/g)).toBe(game.deck.length + 1 - state.stats[1]!);
    const picture = renderBoard(state, { highlight: 'last' });
    expect(count(picture.svg, /class="highlight"/g)).toBe(1);
    expect(picture.meeples).toBe(meeplesOnBoard(state));
    expect(isPNG(renderBoardPNG(state, { scale: 1 }))).toBe(true);
  });

  it('renders 6 players with 6 colours, and a game in progress', () => {
    const game = newGame({ players: 6 });
    const state = playChecked(game, 'six', 1);
    const svg = checkPicture(state);
    for (let p = 0; p < 6; p++) expect(svg).toContain(`fill="${PLAYER_COLOURS[p]}"`);
    expect(new Set(PLAYER_COLOURS).size).toBe(6);
    const early = game.newState();
    expect(renderBoardSVG(early)).toContain('game in progress');
    checkPicture(early);
  });

  it('leaves out the legend and coordinates on request', () => {
    const state = newGame({ players: 2 }).newState();
    const picture = renderBoard(state, { legend: false, coordinates: false });
    expect(picture.legend).toBeNull();
    expect(picture.svg).not.toContain('id="legend"');
    expect(picture.svg).not.toContain('id="axes"');
  });
});
