/**
 * A balance run's manifest names the code found when it started, even when the checkout moves on
 * while it runs (a commit made mid-run is not the code that played).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { runBalance } from '../../src/balance/run.ts';
import { inProcessBackend } from '../../src/run/pool.ts';
import { tempDir } from '../sim/helpers.ts';
import { balance } from './helpers.ts';

// Every call of gitInfo sees a newer commit, as if one were made between the manifest's writes.
let commits = 0;
vi.mock('../../src/run/files.ts', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../src/run/files.ts')>()),
  gitInfo: () => ({ commit: `commit-${++commits}`, dirty: false }),
}));

describe('the balance manifest', () => {
  it('records the commit of the start, not of the last write', async () => {
    const stop = new AbortController();
    const outcome = await runBalance({
      balance: balance(),
      file: null,
      outRoot: tempDir('carclab-balance-manifest-'),
      backend: inProcessBackend(),
      signal: stop.signal,
      onGames: (games) => games > 0 && stop.abort(),
    });
    expect(outcome.status).toBe('interrupted');
    const manifest = JSON.parse(readFileSync(join(outcome.dir, 'manifest.json'), 'utf8'));
    expect(manifest.status).toBe('interrupted');
    expect(manifest.git).toEqual({ commit: 'commit-1', dirty: false });
  }, 120_000);
});
