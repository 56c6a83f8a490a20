/**
 * Loading an experiment: `<experiment>` is a file name in experiments/ (`default` →
 * experiments/default.ts) or a path to a `.ts`/`.mts`/`.js`/`.mjs` module whose default export is a
 * definition, or a `.json` file holding one. Designer tile files named by path are read relative to the experiment file. Every
 * problem is an `InputError` naming the file.
 */
import { existsSync, readdirSync } from 'node:fs';
import { basename, dirname, extname, isAbsolute, join, relative, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { InputError, suggestion } from '../engine/index.ts';
import type { TileSource } from '../engine/index.ts';
import { resolveExperiment } from '../sim/experiment.ts';
import { REPO_ROOT, readJsonFile } from './files.ts';
import { builtPath } from './js-build.mjs';
import type { Plan } from '../sim/plan.ts';

export const EXPERIMENTS_DIR = join(REPO_ROOT, 'experiments');
const EXTENSIONS = ['.ts', '.mts', '.js', '.mjs', '.json'];

/** The definitions in `dir` (names without extension), sorted; none when the folder is missing. */
function definitionNames(dir: string): string[] {
  try {
    return readdirSync(dir)
      .filter((f) => EXTENSIONS.includes(extname(f)))
      .map((f) => basename(f, extname(f)))
      .sort();
  } catch {
    return [];
  }
}

export const experimentNames = (): string[] => definitionNames(EXPERIMENTS_DIR);

/** Where a kind of definition file lives, and what messages call it. */
export interface DefinitionKind {
  /** "experiment", "tuning", "balance file". */
  readonly noun: string;
  readonly dir: string;
  /** The folder as a user sees it: "experiments/tunings/". */
  readonly folder: string;
}

/**
 * The file a definition argument names: a path (or a name with an extension) as it is, else a name in
 * the kind's folder; a name with two files there (`exp.js` beside `exp.ts`) is ambiguous.
 */
export function definitionFile(spec: string, kind: DefinitionKind): string {
  const looksLikePath = spec.includes('/') || spec.includes('\\') || EXTENSIONS.includes(extname(spec));
  if (looksLikePath) {
    const file = resolve(spec);
    const what = kind.noun.endsWith(' file') ? kind.noun : `${kind.noun} file`;
    if (!existsSync(file)) throw new InputError('experiment', `${what} ${spec} does not exist`);
    return file;
  }
  const found = EXTENSIONS.map((ext) => join(kind.dir, `${spec}${ext}`)).filter((file) => existsSync(file));
  if (found.length > 1)
    throw new InputError(
      'experiment',
      `${kind.noun} ${JSON.stringify(spec)} is ambiguous: ${found.map((f) => basename(f)).join(', ')} in ${kind.folder}; name the file with its extension or remove one`,
    );
  if (found.length === 1) return found[0]!;
  throw new InputError(
    'experiment',
    `unknown ${kind.noun} ${JSON.stringify(spec)}: no such file in ${kind.folder}${suggestion(spec, definitionNames(kind.dir))}`,
  );
}

/** The file an experiment argument names (`definitionFile`). */
export const experimentFile = (spec: string, dir = EXPERIMENTS_DIR): string =>
  definitionFile(spec, { noun: 'experiment', dir, folder: 'experiments/' });

/** A definition file's content: a `.json` file's value, or a module's default export (tunings, balance files). */
export async function readDefinition(file: string): Promise<unknown> {
  if (extname(file) === '.json') return readJsonFile(file, 'experiment');
  try {
    return ((await importModule(file)) as { default?: unknown }).default;
  } catch (error) {
    throw new InputError('experiment', `${file}: cannot load (${(error as Error).message.split('\n')[0]})`);
  }
}

/** How long an experiment module may take to load (its top-level code and awaits). */
export const LOAD_TIMEOUT_MS = 60_000;

/**
 * Imports a module, or fails naming it when it never finishes loading: at once when nothing is left
 * to run (a top-level await that can never settle, which would otherwise end the process silently
 * with exit 0), after `ms` when it keeps the process busy.
 */
async function importWithin(file: string, ms: number): Promise<unknown> {
  let onIdle: (() => void) | undefined;
  let timer: NodeJS.Timeout | undefined;
  const stuck = new Promise<never>((_, reject) => {
    const fail = (why: string) =>
      reject(
        new InputError('experiment', `${file}: the module did not finish loading (${why}); check its top-level await`),
      );
    onIdle = () => fail('it waits for something that never happens');
    process.once('beforeExit', onIdle);
    timer = setTimeout(() => fail(`still loading after ${ms / 1000} s`), ms);
    timer.unref();
  });
  try {
    return await Promise.race([importModule(file), stuck]);
  } finally {
    process.off('beforeExit', onIdle!);
    clearTimeout(timer);
  }
}

/** The folder of the running code: the repository, or the JavaScript build `bin/carclab.js` runs from. */
const CODE_ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
let typeScriptLoader: Promise<void> | undefined;

/**
 * Imports an experiment's (or a tuning's) module. Running from the JavaScript build, a TypeScript
 * file of the repository is taken from the build, which transpiled it with the sources (so it shares
 * their modules); any other TypeScript file, or one importing a file the build lacks (outside src/
 * and experiments/), is loaded through tsx's loader, registered on first need.
 */
export async function importModule(file: string): Promise<unknown> {
  const source = pathToFileURL(file).href;
  if (CODE_ROOT === REPO_ROOT || !/\.m?ts$/.test(file)) return import(source);
  const inRepo = relative(REPO_ROOT, file);
  const built = builtPath(CODE_ROOT, inRepo);
  if (!inRepo.startsWith('..') && !isAbsolute(inRepo) && existsSync(built)) {
    try {
      return await import(pathToFileURL(built).href);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ERR_MODULE_NOT_FOUND') throw error;
    }
  }
  typeScriptLoader ??= import('tsx/esm/api').then(({ register }) => void register());
  await typeScriptLoader;
  return import(source);
}

/** Reads the designer tile files a definition file names by path, relative to that file. */
export function tileFileReader(file: string): (path: string) => TileSource {
  return (path) => {
    const tiles = isAbsolute(path) ? path : join(dirname(file), path);
    // Named relative to the repository when inside it, so the run id does not depend on the checkout's location.
    const inRepo = relative(REPO_ROOT, tiles);
    return {
      data: readJsonFile(tiles, 'catalog', `${file}: tile file ${tiles}`),
      where: inRepo.startsWith('..') || isAbsolute(inRepo) ? tiles : inRepo,
    };
  };
}

export interface LoadOptions {
  seed?: string;
  deals?: number;
  /** Record the game-quality measures (`--quality`) whatever the experiment says. */
  quality?: boolean;
}

export async function loadExperiment(spec: string, options: LoadOptions = {}): Promise<{ plan: Plan; file: string }> {
  const file = experimentFile(spec);
  let definition: unknown;
  if (extname(file) === '.json') {
    definition = readJsonFile(file, 'experiment');
  } else {
    try {
      definition = ((await importWithin(file, LOAD_TIMEOUT_MS)) as { default?: unknown }).default;
    } catch (error) {
      if (error instanceof InputError) throw error;
      const message = (error as Error).message.split('\n')[0]!;
      // A .ts file outside a "type": "module" package is loaded as CommonJS by tsx's register hook.
      const hint =
        /require\(\)|ES Module/.test(message) && extname(file) === '.ts'
          ? '; outside a "type": "module" package, name the file .mts'
          : '';
      throw new InputError('experiment', `${file}: cannot load (${message})${hint}`);
    }
  }
  const plan = resolveExperiment(definition, {
    where: file,
    defaultName: basename(file, extname(file)),
    readTileFile: tileFileReader(file),
    ...options,
  });
  return { plan, file };
}
