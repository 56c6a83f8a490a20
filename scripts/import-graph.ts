/**
 * Import-graph check (`npm run check:imports`, run in CI and by a test): reads the `import`/`export …
 * from` lines and `import('…')` calls of every module under src/, then fails on
 *   1. circles: modules that import each other, directly or through others (type imports count:
 *      a floor that names the type of a floor above it is not below it);
 *   2. upward imports: a module importing from a layer above its own, in the order of
 *      docs/architecture.md §2 (engine, expansions, agents, sim, stats, run, charts, report, cli from the bottom: the
 *      pure core first, then the runner with its files, pool and queue; the matches and ladders of
 *      src/match sit on run and stats, under charts; the tunings of src/tune on report, and the
 *      explorer of src/serve on all of those, under cli);
 *   3. I/O in the pure core: a module of engine, expansions, agents, sim or stats importing a package
 *      that reaches files, processes, threads or the network (`IO_PACKAGES`).
 * Relative imports make the graph; of packages only the names are kept, for rule 3.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

/** docs/architecture.md §2, bottom first: a module may import from its own layer and the ones before it. */
export const LAYERS = [
  'engine',
  'expansions',
  'agents',
  'sim',
  'stats',
  'run',
  'match',
  'charts',
  'report',
  'tune',
  'balance',
  'serve',
  'cli',
] as const;

/** The layers that do no I/O: everything a shard's games depend on, and the statistics. */
export const PURE_LAYERS: readonly string[] = ['engine', 'expansions', 'agents', 'sim', 'stats'];

/** Packages a pure layer may not import. */
export const IO_PACKAGES: readonly string[] = [
  'node:fs',
  'node:fs/promises',
  'node:child_process',
  'node:net',
  'node:http',
  'node:https',
  'node:os',
  'node:worker_threads',
  'piscina',
  'bullmq',
  'ioredis',
];

export interface ImportGraph {
  /** Module → the modules it imports (paths relative to src/, with `/`). */
  edges: Map<string, string[]>;
  /** Module → the packages it imports (`node:fs`, `arquero`, …); absent when it imports none. */
  packages?: Map<string, string[]>;
}

export interface GraphProblems {
  /** Each circle: the modules that reach each other, and one cycle through them. */
  circles: { modules: string[]; cycle: string[] }[];
  /** `from → to (layer → layer)` for each upward import. */
  upward: string[];
  /** `module → package` for each I/O package imported by a pure layer. */
  impure: string[];
}

const MODULE = /\.(ts|mjs|js)$/;
const STATIC = /^\s*(?:import|export)\b[^'";]*?\bfrom\s*'([^']+)'|^\s*import\s*'([^']+)'/gm;
const DYNAMIC = /\bimport\(\s*'([^']+)'\s*\)/g;

function modulesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return modulesUnder(path);
    return MODULE.test(entry.name) ? [path] : [];
  });
}

/** Strips block comments and whole-line `//` comments (enough for import lines). */
const withoutComments = (text: string) => text.replace(/\/\*[\s\S]*?\*\//g, '').replace(/^\s*\/\/.*$/gm, '');

export function readImportGraph(srcDir: string): ImportGraph {
  const edges = new Map<string, string[]>();
  const packages = new Map<string, string[]>();
  const name = (path: string) => relative(srcDir, path).split(sep).join('/');
  for (const file of modulesUnder(srcDir).sort()) {
    const text = withoutComments(readFileSync(file, 'utf8'));
    const targets = new Set<string>();
    const named = new Set<string>();
    for (const pattern of [STATIC, DYNAMIC]) {
      for (const match of text.matchAll(pattern)) {
        const spec = match[1] ?? match[2]!;
        if (spec.startsWith('.')) targets.add(name(resolve(dirname(file), spec)));
        else named.add(spec);
      }
    }
    edges.set(name(file), [...targets].sort());
    if (named.size) packages.set(name(file), [...named].sort());
  }
  return { edges, packages };
}

const layerOf = (module: string) => LAYERS.indexOf(module.split('/')[0] as (typeof LAYERS)[number]);

/** Circles (strongly connected components of more than one module, or a self-import) and upward imports. */
export function graphProblems(graph: ImportGraph): GraphProblems {
  const upward: string[] = [];
  for (const [from, targets] of graph.edges) {
    for (const to of targets) {
      const a = layerOf(from);
      const b = layerOf(to);
      if (a < 0 || b < 0) upward.push(`${from} → ${to} (outside the layers ${LAYERS.join(', ')})`);
      else if (b > a) upward.push(`${from} → ${to} (${LAYERS[a]} → ${LAYERS[b]})`);
    }
  }
  const impure: string[] = [];
  for (const [module, names] of graph.packages ?? []) {
    if (!PURE_LAYERS.includes(module.split('/')[0]!)) continue;
    for (const pkg of names) if (IO_PACKAGES.includes(pkg)) impure.push(`${module} → ${pkg}`);
  }
  return { circles: circlesOf(graph.edges), upward, impure };
}

/** Tarjan's strongly connected components; each circle is reported by one cycle through it. */
function circlesOf(edges: Map<string, string[]>): GraphProblems['circles'] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const circles: GraphProblems['circles'] = [];
  const visit = (v: string) => {
    index.set(v, index.size);
    low.set(v, index.get(v)!);
    stack.push(v);
    onStack.add(v);
    for (const w of edges.get(v) ?? []) {
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (onStack.has(w)) {
        low.set(v, Math.min(low.get(v)!, index.get(w)!));
      }
    }
    if (low.get(v) !== index.get(v)) return;
    const component: string[] = [];
    let w: string;
    do {
      w = stack.pop()!;
      onStack.delete(w);
      component.push(w);
    } while (w !== v);
    if (component.length > 1 || (edges.get(v) ?? []).includes(v)) {
      circles.push({ modules: component.sort(), cycle: cycleWithin(new Set(component), v, edges) });
    }
  };
  for (const v of edges.keys()) if (!index.has(v)) visit(v);
  return circles;
}

/** One cycle through `start` inside a strongly connected component (breadth-first back to start). */
function cycleWithin(component: Set<string>, start: string, edges: Map<string, string[]>): string[] {
  const cameFrom = new Map<string, string>();
  const queue = [start];
  for (let i = 0; i < queue.length; i++) {
    const v = queue[i]!;
    for (const w of edges.get(v) ?? []) {
      if (!component.has(w)) continue;
      if (w === start) {
        const path = [v];
        while (path[0] !== start) path.unshift(cameFrom.get(path[0]!)!);
        return [...path, start];
      }
      if (!cameFrom.has(w)) {
        cameFrom.set(w, v);
        queue.push(w);
      }
    }
  }
  return [start, start];
}

export function describeProblems(problems: GraphProblems): string[] {
  return [
    ...problems.circles.map((c) => `circle among ${c.modules.join(', ')}; e.g. ${c.cycle.join(' → ')}`),
    ...problems.upward.map((u) => `upward import: ${u}`),
    ...problems.impure.map((u) => `I/O in a pure layer: ${u}`),
  ];
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const src = fileURLToPath(new URL('../src', import.meta.url));
  const graph = readImportGraph(src);
  const lines = describeProblems(graphProblems(graph));
  for (const line of lines) process.stderr.write(`${line}\n`);
  const imports = [...graph.edges.values()].reduce((n, t) => n + t.length, 0);
  process.stderr.write(
    `import graph: ${graph.edges.size} modules, ${imports} imports, ${lines.length} problem${lines.length === 1 ? '' : 's'}\n`,
  );
  process.exitCode = lines.length ? 1 : 0;
}
