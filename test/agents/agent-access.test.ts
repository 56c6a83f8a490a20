/**
 * Agents read a position only through the feature API and the play contract (`AgentState`,
 * `AgentGame`, `src/engine/views.ts`), so that no agent re-implements joining, completion or a point
 * value. The types enforce it: agent code that reads the position's arrays, its union-find, the
 * game's precomputed tables or its hooks does not compile — checked on probes and on the real agents'
 * sources — and an agent file reaches more only by naming the speed path (`speedPathOf`: the
 * union-find, grid and tables the preview reads), which only the placement preview's files do (held to applying the placement by
 * `test/agents/preview.test.ts`, `preview-mixes.test.ts` and `evaluation.test.ts`).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { ARRAY_FIELDS, SCALAR_FIELDS } from '../../src/engine/position.ts';
import { compileProbes } from '../engine/hook-compile.ts';

const AGENTS = join(import.meta.dirname, '..', '..', 'src', 'agents');
const AGENT_FILES = readdirSync(AGENTS, { recursive: true, encoding: 'utf8' })
  .filter((f) => f.endsWith('.ts'))
  .map((f) => join(AGENTS, f));
/** The placement preview's speed path: the files that may read more than the agents' view (`speedPathOf`). */
const SPEED_PATH = ['preview.ts', 'cities-done.ts', 'board-features.ts', 'slots.ts', 'remembered.ts'];
/** What reaches the whole state or game, the hooks' view of it, or the speed path's. */
const WHOLE = [
  'State',
  'Game',
  'Board',
  'BoardView',
  'GameSetup',
  'Position',
  'SpeedPathState',
  'SpeedPathGame',
  'speedPathOf',
  'speedPathGameOf',
];

/** The play contract's arrays and scalars an agent reads (read-only where an array). */
const IN_VIEW = new Set(['meeplesLeft', 'deckPos', 'currentPlayer', 'phase', 'drawn', 'lastPlaced', 'placedCount']);
const ARRAYS = Object.keys(ARRAY_FIELDS).filter((name) => !IN_VIEW.has(name));
const SCALARS = Object.keys(SCALAR_FIELDS).filter((name) => !IN_VIEW.has(name));
/** The board's and position's methods below the feature API, and the game's tables and hooks. */
const METHODS = [
  'neighbourCount(0)',
  'completeMonasteriesAround(0, new Int32Array(9), 0)',
  'segmentsAcross(0, new Int32Array(4))',
  'orientation(0)',
  'record(0, 0, 0)',
  'journaling()',
  'followsFrom(0, 0)',
  'placementsOf(0, new Int32Array(1))',
  'deployMeeple(0, 0)',
  'setCurrentPlayer(0)',
  'finalScoring()',
  'addScore(0, 0, 1)',
  'restart(new Int16Array(0))',
];
const GAME = [
  'fieldCityStart',
  'fieldCities',
  'segmentPorts',
  'portSegment',
  'closable',
  'closableStart',
  'segmentKind',
  'segmentPennants',
  'segmentCount',
  'monasterySegment',
  'gridSide',
  'weightedMeeples',
  'hookLists',
  'hooks',
  'baseHooks',
  'scratch',
  'rules',
  'meepleSpots',
  'meepleEverywhere',
];

const probeFile = (body: string) => `import type { AgentState } from '../../src/engine/index.ts';
export function probe(state: AgentState): unknown {
  ${body}
}
`;

const ALLOWED = `
  const root = state.find(0);
  const perPlayer = new Int32Array(4);
  const counts = state.tally(root, perPlayer);
  return counts[0]! + state.openEndsOf(root) + state.meeplesOn(root) + state.occupantOf(0) + (state.isCompleted(root) ? 1 : 0)
    + state.completedCitiesOf(root, perPlayer) + state.neighboursOf(0) + state.meeplesLeft[0]! + state.score(0)
    + state.game.pays(0, 1, 0, 0, true) + state.clone().placedCount;`;

const { probes, errorsUnder } = compileProbes(
  join(import.meta.dirname),
  'agent-probe',
  {
    allowed: ALLOWED,
    ...Object.fromEntries(ARRAYS.map((name) => [`array ${name}`, `return state.${name}[0];`])),
    ...Object.fromEntries(ARRAYS.map((name) => [`array ${name} of a clone`, `return state.clone().${name}[0];`])),
    ...Object.fromEntries(SCALARS.map((name) => [`scalar ${name}`, `return state.${name};`])),
    ...Object.fromEntries(METHODS.map((call) => [`method ${call}`, `return state.${call};`])),
    ...Object.fromEntries(GAME.map((name) => [`game ${name}`, `return state.game.${name};`])),
    'a write to meeplesLeft': 'state.meeplesLeft[0] = 1; return 0;',
  },
  probeFile,
  AGENT_FILES,
);

/** Per agent file: the names it imports from the engine, and the types it casts to. */
function reachOf(file: string): { imports: string[]; casts: string[] } {
  const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest);
  const imports: string[] = [];
  const casts: string[] = [];
  const visit = (node: ts.Node) => {
    if (
      ts.isImportDeclaration(node) &&
      ts.isStringLiteral(node.moduleSpecifier) &&
      node.moduleSpecifier.text.includes('/engine/')
    ) {
      if (!node.moduleSpecifier.text.endsWith('/engine/index.ts')) imports.push(node.moduleSpecifier.text);
      const bindings = node.importClause?.namedBindings;
      if (bindings && ts.isNamedImports(bindings))
        for (const e of bindings.elements) imports.push((e.propertyName ?? e.name).text);
    }
    if (ts.isAsExpression(node) || ts.isTypeAssertionExpression(node)) casts.push(node.type.getText(source));
    ts.forEachChild(node, visit);
  };
  visit(source);
  return { imports, casts };
}

describe('agents read the game through the feature API and the play contract', () => {
  it('the real agents compile against it', () => {
    expect(errorsUnder(AGENTS)).toEqual([]);
  });

  it("a probe reads features, scores, hands and the rule module's pay through it", () => {
    expect(probes.allowed).toEqual([]);
  });

  it.each([
    ...ARRAYS.flatMap((name) => [`array ${name}`, `array ${name} of a clone`]),
    ...SCALARS.map((name) => `scalar ${name}`),
    ...METHODS.map((call) => `method ${call}`),
  ])("an agent cannot read the position's %s", (probe) => {
    expect(probes[probe]!.join('\n')).toMatch(/^TS(2339|2551): Property '\w+' does not exist on type 'AgentState'/);
  });

  it.each(GAME)("an agent cannot read the game's %s", (name) => {
    expect(probes[`game ${name}`]!.join('\n')).toMatch(
      /^TS(2339|2551): Property '\w+' does not exist on type 'AgentGame'/,
    );
  });

  it('an agent cannot write the meeples in hand', () => {
    expect(probes['a write to meeplesLeft']!.join('\n')).toMatch(/^TS2542: /);
  });

  it.each(
    AGENT_FILES.filter((f) => !SPEED_PATH.some((name) => f.endsWith(`/${name}`))).map((f) => [
      f.slice(AGENTS.length + 1),
      f,
    ]),
  )("%s imports and casts to nothing that reaches past the agents' view", (_name, file) => {
    const { imports, casts } = reachOf(file);
    expect(imports.filter((name) => WHOLE.includes(name) || name.includes('/'))).toEqual([]);
    expect(casts.filter((type) => WHOLE.some((name) => new RegExp(`\\b${name}\\b`).test(type)))).toEqual([]);
  });
});
