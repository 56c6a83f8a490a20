/**
 * The pool threads' code as plain JavaScript. When the sources run as TypeScript, the main thread
 * transpiles the worker's import graph (`worker.ts` and every file it imports, found as `code.ts`
 * finds them) once, with TypeScript's `transpileModule`, into `.cache/worker/<key>/` at the files'
 * own repository paths (so packages resolve from the repository's `node_modules`); `<key>` hashes
 * those files, the packages they import and the TypeScript version, so changed code gets a new build
 * (transpiling only the files that changed: each file's JavaScript is kept by its text's hash).
 * The threads then load plain JavaScript with Node's own loader: no tsx, no loader thread and no
 * transpiling per thread, which took each thread about 0.4 s of CPU at start-up (issue 12).
 * Without TypeScript installed (a production install), a writable checkout or Node 20.10 there is no
 * build, and the pool falls back to `worker-entry.mjs` (tsx in each thread).
 */
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { threadId } from 'node:worker_threads';
import { hashSources } from './code.ts';
import { REPO_ROOT } from './files.ts';

/**
 * Builds kept, the one just made included (others serve other versions of the code, e.g. a branch
 * switched back to, or a long run that started with older code); builds used within a day are kept too.
 */
const KEEP_BUILDS = 4;
const KEEP_USED_MS = 24 * 3600 * 1000;
/** The build keeps the sources' `import … with { type: 'json' }`, which Node reads from 20.10 on. */
const [NODE_MAJOR = 0, NODE_MINOR = 0] = process.versions.node.split('.').map(Number);
const NODE_IMPORTS_JSON = NODE_MAJOR > 20 || (NODE_MAJOR === 20 && NODE_MINOR >= 10);
/** Names this thread's temporary files (two processes, or two threads of one, may build at once). */
const WRITER = `${process.pid}-${threadId}`;
/** Changes when the build's layout or options change. */
const BUILD_FORMAT = 'carclab-worker-build/1';

interface TypeScriptApi {
  version: string;
  transpileModule(text: string, options: { compilerOptions: object; fileName: string }): { outputText: string };
  ScriptTarget: { ES2023: number };
  ModuleKind: { ESNext: number };
}

/**
 * The file URL of the compiled worker for the sources under `root` (built now if missing), or
 * undefined when it cannot be built.
 */
export function compiledWorker(root = REPO_ROOT): string | undefined {
  const typescript = typeScriptVersion(root);
  if (typescript === undefined || !NODE_IMPORTS_JSON) return undefined;
  const sources = hashSources(join(root, 'src', 'run', 'worker.ts'), root);
  const cacheDir = join(root, '.cache', 'worker');
  const key = createHash('sha256').update(`${BUILD_FORMAT}\0${sources.hash}\0${typescript}`).digest('hex').slice(0, 16);
  const dir = join(cacheDir, key);
  const entry = join(dir, 'src', 'run', 'worker.js');
  if (existsSync(entry)) {
    markUsed(dir);
  } else {
    try {
      build(root, sources.files, dir, typescript);
    } catch {
      return undefined; // not writable, or TypeScript failed to load: the threads use tsx
    }
    pruneBuilds(cacheDir, key);
    pruneUnused(join(root, '.cache', 'worker-files'));
  }
  return pathToFileURL(entry).href;
}

function typeScriptVersion(root: string): string | undefined {
  const manifest = join(root, 'node_modules', 'typescript', 'package.json');
  return existsSync(manifest) ? (JSON.parse(readFileSync(manifest, 'utf8')) as { version: string }).version : undefined;
}

/**
 * Transpiles `files` (repository paths) into a fresh folder, then renames it into place in one step.
 * Each file's JavaScript is also kept by its text's hash in `<root>/.cache/worker-files/`, so that a
 * build after an edit transpiles only the edited files (TypeScript takes 20–50 ms a file).
 */
function build(root: string, files: readonly string[], dir: string, typescript: string): void {
  const filesDir = join(root, '.cache', 'worker-files');
  mkdirSync(filesDir, { recursive: true });
  let transpile: ((text: string, file: string) => string) | undefined;
  const javaScriptOf = (text: string, file: string): string => {
    const cached = join(filesDir, `${createHash('sha256').update(`${BUILD_FORMAT}\0${typescript}\0${text}`).digest('hex')}.js`);
    if (existsSync(cached)) {
      markUsed(cached);
      return readFileSync(cached, 'utf8');
    }
    transpile ??= typeScriptTranspiler(root);
    const out = transpile(text, file);
    writeFileSync(`${cached}.${WRITER}.tmp`, out);
    renameSync(`${cached}.${WRITER}.tmp`, cached);
    return out;
  };
  const temp = `${dir}.${WRITER}.tmp`;
  try {
    for (const file of files) {
      const text = readFileSync(join(root, file), 'utf8');
      const isTs = file.endsWith('.ts');
      const out = join(temp, isTs ? `${file.slice(0, -3)}.js` : file);
      mkdirSync(dirname(out), { recursive: true });
      writeFileSync(out, isTs ? javaScriptOf(text, file) : text);
    }
    try {
      renameSync(temp, dir);
    } catch (error) {
      if (!existsSync(join(dir, 'src', 'run', 'worker.js'))) throw error; // else another process built it first
    }
  } finally {
    rmSync(temp, { recursive: true, force: true });
  }
}

function typeScriptTranspiler(root: string): (text: string, file: string) => string {
  const ts = createRequire(join(root, 'package.json'))('typescript') as TypeScriptApi;
  const compilerOptions = {
    // As tsconfig.json: the same class-field semantics as tsx gives the main thread.
    target: ts.ScriptTarget.ES2023, module: ts.ModuleKind.ESNext, verbatimModuleSyntax: true, rewriteRelativeImportExtensions: true,
  };
  return (text, file) => ts.transpileModule(text, { compilerOptions, fileName: file }).outputText;
}

/** Sets a build's (or a transpiled file's) time to now, so that pruning keeps it while in use. */
function markUsed(dir: string): void {
  try {
    const now = new Date();
    utimesSync(dir, now, now);
  } catch {
    // A read-only checkout: the build is used all the same.
  }
}

/** Removes the builds beyond the newest `KEEP_BUILDS` that were not used within `KEEP_USED_MS` (never `current`). */
function pruneBuilds(cacheDir: string, current: string): void {
  try {
    const builds = readdirSync(cacheDir).filter((name) => name !== current) // a crashed build's temporary folder goes by age too
      .map((name) => ({ name, time: statSync(join(cacheDir, name)).mtimeMs }))
      .sort((a, b) => b.time - a.time);
    for (const { name, time } of builds.slice(KEEP_BUILDS - 1)) {
      if (Date.now() - time > KEEP_USED_MS) rmSync(join(cacheDir, name), { recursive: true, force: true });
    }
  } catch {
    // Pruning is housekeeping: another process may be pruning too.
  }
}

/** Removes the transpiled files not used within `KEEP_USED_MS`. */
function pruneUnused(filesDir: string): void {
  try {
    for (const name of readdirSync(filesDir)) {
      const file = join(filesDir, name);
      if (Date.now() - statSync(file).mtimeMs > KEEP_USED_MS) rmSync(file, { force: true });
    }
  } catch {
    // Housekeeping, as above.
  }
}
