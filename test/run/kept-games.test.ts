/**
 * Kept games under a checksum (issue 24, case 3): an edited `games.arrow` (+50 to one score) or a
 * truncated one is named, moved aside and the run's games are played again, so a match's result is
 * the untouched one's; a reader after the run names a bad file instead of failing in the Arrow reader.
 */
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import * as aq from 'arquero';
import { describe, expect, it } from 'vitest';
import { InputError } from '../../src/engine/index.ts';
import { designMatch } from '../../src/match/design.ts';
import { runMatch } from '../../src/match/run.ts';
import { loadRun } from '../../src/report/run.ts';
import { GAMES_FILE } from '../../src/run/kept-games.ts';
import { inProcessBackend } from '../../src/run/pool.ts';
import { tempDir } from '../sim/helpers.ts';

const design = designMatch({
  kind: 'match',
  specs: ['greedy', 'random'],
  players: 2,
  expansions: [],
  rules: {},
  deals: 6,
  seed: 'kept-1',
});
const match = (outRoot: string) => runMatch({ design, outRoot, backend: inProcessBackend(), shardDeals: 3 });
const marginsOf = (o: Awaited<ReturnType<typeof match>>) => Array.from(o.outcomes!.marginA);

describe('kept games', () => {
  it('an edited games.arrow (+50 to one score) is named and replayed; the match result is the untouched one', async () => {
    const untouched = await match(tempDir());
    const out = tempDir();
    const first = await match(out);
    const file = join(first.runDir, GAMES_FILE);
    const table = aq.fromArrow(readFileSync(file));
    const score0 = Float64Array.from(table.array('score0') as ArrayLike<number>);
    score0[0]! += 50;
    writeFileSync(file, aq.toArrowIPC(table.assign({ score0 })));
    const again = await match(out);
    expect(marginsOf(again)).toEqual(marginsOf(untouched));
    expect(again.gamesPlayed).toBe(first.gamesPlayed);
    expect(readdirSync(join(first.runDir, 'rejected')).some((f) => f.endsWith(GAMES_FILE))).toBe(true);
  });

  it('a truncated games.arrow is named, not a stack trace from the Arrow reader; the run replays it', async () => {
    const out = tempDir();
    const first = await match(out);
    const file = join(first.runDir, GAMES_FILE);
    writeFileSync(file, readFileSync(file).subarray(0, 300));
    // A report reading the run names it.
    expect(() => loadRun(first.runDir).games()).toThrow(InputError);
    expect(() => loadRun(first.runDir).games()).toThrow(
      `${file} does not match its checksum in games.arrow.sha256 (edited, truncated or damaged)`,
    );
    const again = await match(out);
    expect(marginsOf(again)).toEqual(marginsOf(first));
    expect(existsSync(file)).toBe(true);
    expect(loadRun(first.runDir).games()!.numRows()).toBe(12);
  });
});
