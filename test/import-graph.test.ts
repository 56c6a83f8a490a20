/** The import graph of src/ (`scripts/import-graph.ts`): no circles; layers (docs/architecture.md §2) only import downward. */
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { describeProblems, graphProblems, readImportGraph } from '../scripts/import-graph.ts';

describe('the import graph of src/', () => {
  const graph = readImportGraph(fileURLToPath(new URL('../src', import.meta.url)));

  it('is read from every module', () => {
    expect(graph.edges.get('cli/main.ts')).toContain('cli/run.ts');
    expect(graph.edges.get('engine/index.ts')).toContain('engine/state.ts');
  });

  it('has no import from a layer above the importing module', () => {
    expect(graphProblems(graph).upward).toEqual([]);
  });

  it('has no circles', () => {
    expect(graphProblems(graph).circles).toEqual([]);
  });

  it('has no file, process, thread or network package in the pure core (engine … sim, stats)', () => {
    expect(graph.packages?.get('run/files.ts')).toContain('node:fs');
    expect(graphProblems(graph).impure).toEqual([]);
  });
});

describe('the import-graph check', () => {
  it('finds a circle and an upward import', () => {
    const edges = new Map([
      ['engine/a.ts', ['engine/b.ts']],
      ['engine/b.ts', ['engine/c.ts', 'sim/x.ts']],
      ['engine/c.ts', ['engine/a.ts']],
      ['sim/x.ts', ['engine/a.ts']],
    ]);
    const problems = graphProblems({ edges });
    expect(problems.circles).toHaveLength(1);
    expect(problems.circles[0]!.modules).toEqual(['engine/a.ts', 'engine/b.ts', 'engine/c.ts', 'sim/x.ts']);
    expect(problems.upward).toEqual(['engine/b.ts → sim/x.ts (engine → sim)']);
    expect(problems.impure).toEqual([]);
    expect(describeProblems(problems)[0]).toMatch(
      /^circle among engine\/a\.ts, .*; e\.g\. engine\/a\.ts → engine\/b\.ts → (engine\/c\.ts|sim\/x\.ts) → engine\/a\.ts$/,
    );
  });

  it('finds an I/O package imported by a pure layer, and allows it above', () => {
    const edges = new Map([
      ['sim/x.ts', []],
      ['run/y.ts', []],
    ]);
    const packages = new Map([
      ['sim/x.ts', ['node:crypto', 'node:fs']],
      ['run/y.ts', ['node:fs']],
    ]);
    const problems = graphProblems({ edges, packages });
    expect(problems.impure).toEqual(['sim/x.ts → node:fs']);
    expect(describeProblems(problems)).toEqual(['I/O in a pure layer: sim/x.ts → node:fs']);
  });
});
