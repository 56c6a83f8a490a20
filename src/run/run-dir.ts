/**
 * A run directory's name and guards. `runIdOf` names it. `checkOtherCode`: a run of the same plan
 * made by other code (another directory with the same plan prefix) is refused unless the user asks
 * for a new run, so a resumed or re-run experiment never mixes or silently replaces results of two
 * versions of the engine. `lockRunDir`: one process at a time per run directory; a second one is
 * refused with the holder's PID (a lock left by a dead process is taken over).
 */
import { existsSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
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

interface ManifestCode { status?: string; code?: { hash?: string }; git?: { commit?: string; dirty?: boolean } | null }

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
    const commit = manifest.git ? ` at commit ${manifest.git.commit?.slice(0, 12)}${manifest.git.dirty ? ' with uncommitted changes' : ''}` : '';
    const status = manifest.status === 'complete' ? 'a complete run' : `an unfinished run (${manifest.status ?? 'unknown status'})`;
    throw new InputError('usage', `${join(parent, name)} holds ${status} of this plan made by other code (code ${manifest.code?.hash?.slice(0, 10) ?? 'unknown'}${commit}); `
      + `this code (${basename(runDir).slice(prefix.length)}) would give other numbers, so it neither resumes nor overwrites it. Add --new-run to play the plan again with this code into ${runDir}`);
  }
}

export interface RunLock {
  release(): void;
}

/** Takes `<runDir>/lock` (PID and host inside) or refuses naming the process that holds it. */
export function lockRunDir(runDir: string): RunLock {
  const file = join(runDir, 'lock');
  const me = `${process.pid} ${hostname()}\n`;
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      writeFileSync(file, me, { flag: 'wx' });
      return { release: () => rmSync(file, { force: true }) };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw writeFailure(error, file);
    }
    const [pid, host] = readFileSync(file, 'utf8').trim().split(' ');
    if (host === hostname() && !processAlive(Number(pid))) {
      rmSync(file, { force: true }); // left by a process that died
      continue;
    }
    throw new InputError('usage', `${runDir} is in use by carclab process ${pid} on ${host} (lock file ${file}); wait for it to finish, or stop it, then run again`);
  }
  throw new InputError('usage', `${runDir}: cannot take the lock file ${file}`);
}

function processAlive(pid: number): boolean {
  if (!Number.isInteger(pid) || pid <= 0) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}
