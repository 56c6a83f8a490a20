/**
 * The sources as plain JavaScript. `bin/carclab.js` runs every command from this build and the pool
 * threads start from its `src/run/worker.js`: plain JavaScript loads with Node's own loader, without
 * tsx (no loader thread, no transpiling at start-up), so a command starts about 0.3 s sooner and
 * each pool thread saves about 0.4 s of CPU (issue 12).
 *
 * The build transpiles every TypeScript file under `src/` and `experiments/` with TypeScript's
 * `transpileModule` into `.cache/js/<key>/` at the files' own repository paths (packages resolve from
 * the repository's `node_modules`, its package.json makes the files ES modules) and copies the other
 * files of `src/` (tile files). `<key>` hashes those files and the TypeScript version: changed
 * sources get a new build, transpiling only the files whose text changed (each file's JavaScript is
 * kept by its text's hash in `.cache/js-files/`). Without TypeScript installed (a production
 * install), a writable checkout or Node 20.10 there is no build, and the sources run through tsx.
 *
 * The code identity (`code.ts`) hashes the sources, but the threads execute the build; so a build
 * is sealed (`build-seal.json`: the sha256 of every file it wrote) and checked against its seal each
 * time it is used: a build edited since (by hand, by a careless tool) is named on stderr and made
 * anew, so what runs is always the transpiled sources the run id names (issue 24). A transpiled file
 * in `.cache/js-files/` carries the hash of its JavaScript in its name and is used only when it matches.
 *
 * Plain JavaScript (typed by `js-build.d.mts`) because the command reads it before tsx is registered.
 */
import { createHash } from 'node:crypto';
import {
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { threadId } from 'node:worker_threads';

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
const BUILD_FORMAT = 'carclab-js-build/2';
/** The build's record of what it wrote: `{ format, files: { path: sha256 } }`. */
const SEAL = 'build-seal.json';
const TYPESCRIPT = /\.m?ts$/;
const DECLARATION = /\.d\.m?ts$/;

/**
 * The repository a module belongs to: the nearest folder above it holding a package.json. From a
 * build that is the repository it was built from (the build folder has none).
 * @param {string} moduleUrl
 * @returns {string}
 */
export function repositoryRoot(moduleUrl) {
  let dir = dirname(fileURLToPath(moduleUrl));
  while (!existsSync(join(dir, 'package.json')) && dirname(dir) !== dir) dir = dirname(dir);
  return dir;
}

/**
 * The folder of the build of the sources under `root` (made now if missing), or undefined when it
 * cannot be made.
 * @param {string} [root]
 * @returns {string | undefined}
 */
export function jsBuild(root = repositoryRoot(import.meta.url)) {
  const typescript = typeScriptVersion(root);
  if (typescript === undefined || !NODE_IMPORTS_JSON) return undefined;
  const files = [
    ...filesUnder(root, 'src', () => true),
    ...filesUnder(root, 'experiments', (name) => TYPESCRIPT.test(name)),
  ]
    .filter((file) => !DECLARATION.test(file))
    .sort();
  const hash = createHash('sha256').update(`${BUILD_FORMAT}\0${typescript}\0`);
  const contents = files.map((file) => readFileSync(join(root, file)));
  files.forEach((file, i) => {
    hash.update(`${file}\0`).update(contents[i]).update('\0');
  });
  const cacheDir = join(root, '.cache', 'js');
  const key = hash.digest('hex').slice(0, 16);
  const dir = join(cacheDir, key);
  if (existsSync(join(dir, 'src', 'cli', 'main.js'))) {
    const changed = brokenSeal(dir);
    if (changed === null) {
      markUsed(dir);
      return dir;
    }
    process.stderr.write(
      `carclab: the JavaScript build ${dir} was changed after it was built (${changed}); building it again\n`,
    );
    try {
      const aside = `${dir}.${WRITER}.changed`;
      renameSync(dir, aside);
      rmSync(aside, { recursive: true, force: true });
    } catch {
      return undefined; // cannot be replaced: the sources run through tsx
    }
  }
  try {
    build(root, files, contents, dir, typescript);
  } catch {
    return undefined; // not writable, or TypeScript failed to load: the sources run through tsx
  }
  pruneBuilds(cacheDir, key);
  pruneUnused(join(root, '.cache', 'js-files'));
  return dir;
}

/**
 * The file URL of the pool threads' entry in the build of the sources under `root`, or undefined
 * when there is no build.
 * @param {string} [root]
 * @returns {string | undefined}
 */
export function compiledWorker(root) {
  const dir = jsBuild(root);
  return dir === undefined ? undefined : pathToFileURL(builtPath(dir, 'src/run/worker.ts')).href;
}

/**
 * Where the build in `dir` has a repository file: `src/x.ts` → `<dir>/src/x.js`, `a.mts` → `<dir>/a.mjs`.
 * @param {string} dir
 * @param {string} file
 * @returns {string}
 */
export const builtPath = (dir, file) =>
  join(
    dir,
    file.replace(TYPESCRIPT, (ext) => ext.replace('ts', 'js')),
  );

/**
 * Repository paths (with `/`) of the files under `root/folder` whose names pass `keep`.
 * @param {string} root
 * @param {string} folder
 * @param {(name: string) => boolean} keep
 * @returns {string[]}
 */
function filesUnder(root, folder, keep) {
  if (!existsSync(join(root, folder))) return [];
  return readdirSync(join(root, folder), { withFileTypes: true }).flatMap((entry) => {
    const path = `${folder}/${entry.name}`;
    if (entry.isDirectory()) return filesUnder(root, path, keep);
    return entry.isFile() && keep(entry.name) ? [path] : [];
  });
}

/** @param {string} root */
function typeScriptVersion(root) {
  const manifest = join(root, 'node_modules', 'typescript', 'package.json');
  return existsSync(manifest) ? JSON.parse(readFileSync(manifest, 'utf8')).version : undefined;
}

/**
 * Writes `files` (repository paths, with their `contents`) into a fresh folder, then renames it into
 * place in one step. A file's JavaScript is taken from `.cache/js-files/` when its text was
 * transpiled before (TypeScript takes 10–50 ms a file).
 * @param {string} root @param {string[]} files @param {Buffer[]} contents @param {string} dir @param {string} typescript
 */
function build(root, files, contents, dir, typescript) {
  const filesDir = join(root, '.cache', 'js-files');
  mkdirSync(filesDir, { recursive: true });
  // `<hash of the text>-<hash of its JavaScript>.js`: an entry whose content no longer matches its name is not used.
  const transpiled = new Map(
    readdirSync(filesDir)
      .filter((name) => /^[0-9a-f]{64}-[0-9a-f]{16}\.js$/.test(name))
      .map((name) => [name.slice(0, 64), name]),
  );
  /** @type {((text: string, file: string) => string) | undefined} */
  let transpile;
  /** @param {string} text @param {string} file */
  const javaScriptOf = (text, file) => {
    const key = sha256(`${BUILD_FORMAT}\0${typescript}\0${text}`);
    const name = transpiled.get(key);
    if (name !== undefined) {
      const cached = join(filesDir, name);
      const out = readFileSync(cached, 'utf8');
      if (sha256(out).slice(0, 16) === name.slice(65, 81)) {
        markUsed(cached);
        return out;
      }
      rmSync(cached, { force: true });
    }
    transpile ??= typeScriptTranspiler(root);
    const out = transpile(text, file);
    const cached = join(filesDir, `${key}-${sha256(out).slice(0, 16)}.js`);
    writeFileSync(`${cached}.${WRITER}.tmp`, out);
    renameSync(`${cached}.${WRITER}.tmp`, cached);
    return out;
  };
  /** @type {Record<string, string>} */
  const seal = {};
  const temp = `${dir}.${WRITER}.tmp`;
  try {
    files.forEach((file, i) => {
      const isTs = TYPESCRIPT.test(file);
      const out = isTs ? builtPath(temp, file) : join(temp, file);
      mkdirSync(dirname(out), { recursive: true });
      const data = isTs ? javaScriptOf(contents[i].toString('utf8'), file) : contents[i];
      writeFileSync(out, data);
      seal[isTs ? builtPath('', file).replace(/^[\\/]/, '') : file] = sha256(data);
    });
    writeFileSync(join(temp, SEAL), JSON.stringify({ format: BUILD_FORMAT, files: seal }));
    try {
      renameSync(temp, dir);
    } catch (error) {
      if (!existsSync(join(dir, 'src', 'cli', 'main.js'))) throw error; // else another process built it first
    }
  } finally {
    rmSync(temp, { recursive: true, force: true });
  }
}

/**
 * @param {string | Uint8Array} data
 * @returns {string}
 */
const sha256 = (data) => createHash('sha256').update(data).digest('hex');

/**
 * The first file of the build in `dir` that differs from its seal (or is gone), `its seal` when the
 * seal itself is missing or unreadable, or null when the build is as it was built.
 * @param {string} dir
 * @returns {string | null}
 */
function brokenSeal(dir) {
  /** @type {{ format?: string, files?: Record<string, string> }} */
  let seal;
  try {
    seal = JSON.parse(readFileSync(join(dir, SEAL), 'utf8'));
  } catch {
    return `its seal ${SEAL} is missing or unreadable`;
  }
  if (seal.format !== BUILD_FORMAT || typeof seal.files !== 'object' || seal.files === null)
    return `its seal ${SEAL} is of another format`;
  for (const [file, hash] of Object.entries(seal.files)) {
    let data;
    try {
      data = readFileSync(join(dir, file));
    } catch {
      return `${file} is missing`;
    }
    if (sha256(data) !== hash) return `${file} differs`;
  }
  return null;
}

/** @param {string} root */
function typeScriptTranspiler(root) {
  const ts = createRequire(join(root, 'package.json'))('typescript');
  const compilerOptions = {
    // As tsconfig.json: the same class-field semantics as tsx gives the sources.
    target: ts.ScriptTarget.ES2023,
    module: ts.ModuleKind.ESNext,
    verbatimModuleSyntax: true,
    rewriteRelativeImportExtensions: true,
  };
  /** @param {string} text @param {string} file */
  return (text, file) => ts.transpileModule(text, { compilerOptions, fileName: file }).outputText;
}

/**
 * Sets a build's (or a transpiled file's) time to now, so that pruning keeps it while in use.
 * @param {string} path
 */
function markUsed(path) {
  try {
    const now = new Date();
    utimesSync(path, now, now);
  } catch {
    // A read-only checkout: the build is used all the same.
  }
}

/**
 * Removes the builds beyond the newest `KEEP_BUILDS` that were not used within `KEEP_USED_MS` (never `current`).
 * @param {string} cacheDir @param {string} current
 */
function pruneBuilds(cacheDir, current) {
  try {
    const builds = readdirSync(cacheDir)
      .filter((name) => name !== current) // a crashed build's temporary folder goes by age too
      .map((name) => ({ name, time: statSync(join(cacheDir, name)).mtimeMs }))
      .sort((a, b) => b.time - a.time);
    for (const { name, time } of builds.slice(KEEP_BUILDS - 1)) {
      if (Date.now() - time > KEEP_USED_MS) rmSync(join(cacheDir, name), { recursive: true, force: true });
    }
  } catch {
    // Pruning is housekeeping: another process may be pruning too.
  }
}

/**
 * Removes the transpiled files not used within `KEEP_USED_MS`.
 * @param {string} filesDir
 */
function pruneUnused(filesDir) {
  try {
    for (const name of readdirSync(filesDir)) {
      const file = join(filesDir, name);
      if (Date.now() - statSync(file).mtimeMs > KEEP_USED_MS) rmSync(file, { force: true });
    }
  } catch {
    // Housekeeping, as above.
  }
}
