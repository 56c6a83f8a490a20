/**
 * A run directory's name and guards. `runIdOf` names it. `checkOtherCode`: a run of the same plan
 * made by other code (another directory with the same plan prefix) is refused unless the user asks
 * for a new run, so a resumed or re-run experiment never mixes or silently replaces results of two
 * versions of the engine. `lockRunDir`: one process at a time per run directory; a second one is
 * refused with the holder's PID (a lock left by a dead process, or an empty or unparsable one, is
 * taken over by exactly one process).
 */
import { randomBytes } from 'node:crypto';
import {
  closeSync,
  existsSync,
  fsyncSync,
  linkSync,
  openSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { hostname } from 'node:os';
import { basename, dirname, join } from 'node:path';
import { InputError } from '../engine/index.ts';
import { planRunPrefix } from '../sim/plan.ts';
import type { Plan } from '../sim/plan.ts';
import { codeIdentity, shortCode } from './code.ts';
import { writeFailure } from './files.ts';

/**
 * The run id: the plan's prefix (`planRunPrefix`) and the short hash of the code that plays it
 * (`code.ts`), so re-running the same run with the same code finds its directory, and other code
 * never writes into it.
 */
export function runIdOf(plan: Plan, packageVersion: string, code = codeIdentity().hash): string {
  return `${planRunPrefix(plan, packageVersion)}${shortCode(code)}`;
}

interface ManifestCode {
  status?: string;
  code?: { hash?: string };
  git?: { commit?: string; dirty?: boolean } | null;
}

/** Refuses when another directory holds this plan's run by other code, unless `newRun`. */
export function checkOtherCode(runDir: string, prefix: string, newRun: boolean): void {
  if (newRun) return;
  const parent = dirname(runDir);
  let names: string[];
  try {
    names = readdirSync(parent);
  } catch {
    return;
  }
  for (const name of names.filter((n) => n.startsWith(prefix) && n !== basename(runDir)).sort()) {
    const manifestFile = join(parent, name, 'manifest.json');
    if (!existsSync(manifestFile)) continue;
    let manifest: ManifestCode;
    try {
      manifest = JSON.parse(readFileSync(manifestFile, 'utf8')) as ManifestCode;
    } catch (error) {
      throw new InputError('usage', `${manifestFile}: unreadable (${(error as Error).message})`);
    }
    const commit = manifest.git
      ? ` at commit ${manifest.git.commit?.slice(0, 12)}${manifest.git.dirty ? ' with uncommitted changes' : ''}`
      : '';
    const status =
      manifest.status === 'complete' ? 'a complete run' : `an unfinished run (${manifest.status ?? 'unknown status'})`;
    throw new InputError(
      'usage',
      `${join(parent, name)} holds ${status} of this plan made by other code (code ${manifest.code?.hash?.slice(0, 10) ?? 'unknown'}${commit}); ` +
        `this code (${basename(runDir).slice(prefix.length)}) would give other numbers, so it neither resumes nor overwrites it. Add --new-run to play the plan again with this code into ${runDir}`,
    );
  }
}

export interface RunLock {
  release(): void;
}

/** A takeover guard older than this was left by a process that died while taking over a stale lock. */
const TAKEOVER_GUARD_MS = 10_000;

/**
 * Takes `<runDir>/lock` (PID and host inside) or refuses naming the process that holds it. The lock
 * appears whole or not at all (written to a temporary file, then linked into place, which fails when
 * a lock exists), so no reader ever sees an empty one. A lock of a dead process on this host, or one
 * empty or unparsable (left by an older carclab on a full disk), is stale: it is taken over under a
 * guard file (`lock.takeover`, created exclusively) and removed only if it is still the stale one, so
 * of several processes started at once on a stale lock exactly one gets the run.
 */
export function lockRunDir(runDir: string): RunLock {
  const file = join(runDir, 'lock');
  const me = `${process.pid} ${hostname()} ${randomBytes(6).toString('hex')}\n`;
  for (let attempt = 0; attempt < 20; attempt++) {
    if (createExclusive(file, me)) {
      return { release: () => (readText(file) === me ? rmSync(file, { force: true }) : undefined) };
    }
    const text = readText(file);
    if (text === null) continue; // released meanwhile
    const [pid, host] = text.trim().split(' ');
    const parsed = host !== undefined && /^\d+$/.test(pid ?? '');
    if (parsed && (host !== hostname() || processAlive(Number(pid)))) {
      throw new InputError(
        'usage',
        `${runDir} is in use by carclab process ${pid} on ${host} (lock file ${file}); wait for it to finish, or stop it, then run again`,
      );
    }
    takeOverStale(file, text, me);
  }
  throw new InputError(
    'usage',
    `${runDir}: cannot take the lock file ${file} (other processes keep taking it over); run again`,
  );
}

/** Removes the stale lock `file` if it still holds `staleText`, under an exclusive guard. Exported for tests. */
export function takeOverStale(file: string, staleText: string, me: string): void {
  const guard = `${file}.takeover`;
  if (!createExclusive(guard, me)) {
    try {
      if (Date.now() - statSync(guard).mtimeMs > TAKEOVER_GUARD_MS) rmSync(guard, { force: true });
    } catch {
      // gone meanwhile
    }
    return;
  }
  try {
    if (readText(file) === staleText) rmSync(file, { force: true });
  } finally {
    rmSync(guard, { force: true });
  }
}

/** Creates `file` holding `text` if it does not exist, atomically (never empty or half-written); false if it exists. */
function createExclusive(file: string, text: string): boolean {
  const temp = `${file}.${process.pid}-${randomBytes(4).toString('hex')}.tmp`;
  try {
    const fd = openSync(temp, 'wx');
    try {
      writeFileSync(fd, text);
      fsyncSync(fd);
    } finally {
      closeSync(fd);
    }
    try {
      linkSync(temp, file);
      return true;
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      if (code === 'EEXIST') return false;
      if (code !== 'EPERM' && code !== 'ENOTSUP' && code !== 'ENOSYS') throw error;
      // A file system without hard links: create-exclusive with the content (a crash between may leave it empty, which counts as stale).
      try {
        writeFileSync(file, text, { flag: 'wx' });
        return true;
      } catch (inner) {
        if ((inner as NodeJS.ErrnoException).code === 'EEXIST') return false;
        throw inner;
      }
    }
  } catch (error) {
    throw writeFailure(error, file);
  } finally {
    rmSync(temp, { force: true });
  }
}

const readText = (file: string): string | null => {
  try {
    return readFileSync(file, 'utf8');
  } catch {
    return null;
  }
};

function processAlive(pid: number): boolean {
  if (!Number.isInteger(pid) || pid <= 0) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}
