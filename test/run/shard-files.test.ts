/**
 * Tamper-evident shards (issue 13, problem 3): an edited number, a number turned into a string, a
 * truncated file and shards of two runs with different --shard-deals are each named, moved to
 * rejected/ and played again, and the final summary equals an untouched run's; a second process on
 * the same run directory is refused with the holder's PID.
 */
import { createHash } from 'node:crypto';
import { copyFileSync, existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { hostname } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { InputError } from '../../src/engine/index.ts';
import { inProcessBackend } from '../../src/run/pool.ts';
import { runExperiment } from '../../src/run/runner.ts';
import type { Aggregate } from '../../src/sim/aggregate.ts';
import { planOf, tempDir } from '../sim/helpers.ts';

const plan = planOf({
  name: 'tamper',
  seed: 'tamper-1',
  deals: 40,
  arms: [
    { name: 'two', players: 2 },
    { name: 'three', players: 3 },
  ],
});
const run = (outRoot: string, shardDeals: number, log?: (line: string) => void) =>
  runExperiment({ plan, outRoot, backend: inProcessBackend(), keepGames: false, shardDeals, ...(log ? { log } : {}) });
const summaryOf = (runDir: string) => readFileSync(join(runDir, 'summary.json'), 'utf8');
const shardFile = (runDir: string, name: string) => join(runDir, 'shards', name);

describe('shard files', () => {
  it('an edited, a mistyped and a truncated shard are named, moved aside and replayed', async () => {
    const untouched = await run(tempDir(), 10);
    const out = tempDir();
    const first = await run(out, 10);
    const dir = first.runDir;
    // An edited number: the first win-unit count goes up by one (win rates would no longer sum to 1).
    const edited = shardFile(dir, '0000000000-0000000010.json');
    writeFileSync(
      edited,
      readFileSync(edited, 'utf8').replace(/"winUnits":(\d+)/, (_m, n) => `"winUnits":${Number(n) + 1}`),
    );
    // A number turned into a string.
    const mistyped = shardFile(dir, '0000000010-0000000020.json');
    writeFileSync(mistyped, readFileSync(mistyped, 'utf8').replace(/"games":(\d+)/, '"games":"$1"'));
    // A shard cut short, as a power cut can leave one.
    const truncated = shardFile(dir, '0000000020-0000000030.json');
    writeFileSync(truncated, readFileSync(truncated, 'utf8').slice(0, 500));

    const lines: string[] = [];
    const second = await run(out, 10, (line) => lines.push(line));
    expect(second.status).toBe('complete');
    expect(second.gamesPlayed).toBe(3 * 10 * 2);
    expect(summaryOf(second.runDir)).toBe(summaryOf(untouched.runDir));
    expect(lines).toHaveLength(3);
    expect(lines[0]).toContain(`${edited} is bad: its checksum does not match its content`);
    expect(lines[1]).toContain(`${mistyped} is bad: its checksum does not match its content`);
    expect(lines[2]).toMatch(
      /0000000020-0000000030\.json is bad: unreadable \(.*JSON.*\); truncated by a crash or a power cut\?/,
    );
    expect(readdirSync(join(dir, 'rejected'))).toHaveLength(3);
  });

  it('shards of two runs with different --shard-deals in one directory do not brick it', async () => {
    const untouched = await run(tempDir(), 10);
    const out = tempDir();
    const a = await run(out, 10);
    const b = await run(tempDir(), 15);
    for (const name of readdirSync(join(b.runDir, 'shards')))
      copyFileSync(join(b.runDir, 'shards', name), shardFile(a.runDir, name));
    const lines: string[] = [];
    const again = await run(out, 10, (line) => lines.push(line));
    expect(again.status).toBe('complete');
    expect(lines.length).toBeGreaterThan(0);
    expect(lines.every((line) => line.includes('its deals overlap another shard'))).toBe(true);
    expect(summaryOf(again.runDir)).toBe(summaryOf(untouched.runDir));
  });

  it('a shard of another run (another seed, same deal range) is named, moved aside and replayed', async () => {
    const untouched = await run(tempDir(), 10);
    const out = tempDir();
    const first = await run(out, 10);
    const other = await runExperiment({
      plan: { ...plan, seed: 'tamper-other' },
      outRoot: tempDir(),
      backend: inProcessBackend(),
      keepGames: false,
      shardDeals: 10,
    });
    const name = '0000000010-0000000020.json';
    copyFileSync(shardFile(other.runDir, name), shardFile(first.runDir, name));
    const lines: string[] = [];
    const again = await run(out, 10, (line) => lines.push(line));
    expect(again.gamesPlayed).toBe(10 * 2);
    expect(lines).toEqual([
      expect.stringContaining(
        `${shardFile(first.runDir, name)} is bad: it belongs to run ${other.runDir.split('/').pop()}, not this run ${first.runDir.split('/').pop()} (seed "tamper-other", this run's is "tamper-1")`,
      ),
    ]);
    expect(summaryOf(again.runDir)).toBe(summaryOf(untouched.runDir));
  });

  it('a shard of another plan with the same seed and arms (another deal count) is refused too', async () => {
    const out = tempDir();
    const first = await run(out, 10);
    const other = await runExperiment({
      plan: { ...plan, deals: 30 },
      outRoot: tempDir(),
      backend: inProcessBackend(),
      keepGames: false,
      shardDeals: 10,
    });
    const name = '0000000000-0000000010.json';
    copyFileSync(shardFile(other.runDir, name), shardFile(first.runDir, name));
    const lines: string[] = [];
    await run(out, 10, (line) => lines.push(line));
    expect(lines).toEqual([expect.stringContaining('(another plan: deals, rules, agents or tiles)')]);
  });

  it('a forged shard with a valid checksum (a score sum of 1e300, win shares of 112 %) is named, moved aside and replayed', async () => {
    const untouched = await run(tempDir(), 10);
    const out = tempDir();
    const first = await run(out, 10);
    const forge = (name: string, edit: (aggregate: Aggregate) => void) => {
      const file = shardFile(first.runDir, name);
      const { sha256: _old, ...body } = JSON.parse(readFileSync(file, 'utf8')) as {
        sha256: string;
        aggregate: Aggregate;
      };
      edit(body.aggregate);
      writeFileSync(
        file,
        JSON.stringify({ ...body, sha256: createHash('sha256').update(JSON.stringify(body)).digest('hex') }),
      );
    };
    forge('0000000000-0000000010.json', (a) => (a.arms[0]!.seats[0]!.score.sum = 1e300));
    forge('0000000010-0000000020.json', (a) => (a.arms[0]!.seats[0]!.winUnits += Math.round(0.12 * 10 * 60)));
    const lines: string[] = [];
    const again = await run(out, 10, (line) => lines.push(line));
    expect(again.status).toBe('complete');
    expect(lines).toEqual([
      expect.stringContaining(
        '0000000000-0000000010.json is bad: malformed: aggregate.arms[0].seats[0].score.sum is 1e+300',
      ),
      expect.stringContaining(
        '0000000010-0000000020.json is bad: malformed: aggregate.arms[0].seats: the win shares sum to 112.0 % of the games',
      ),
    ]);
    expect(summaryOf(again.runDir)).toBe(summaryOf(untouched.runDir));
  });

  it("a run directory in use by a live process is refused with its PID; a dead holder's lock is taken over", async () => {
    const out = tempDir();
    const first = await run(out, 20);
    writeFileSync(join(first.runDir, 'lock'), `${process.pid} ${hostname()}\n`);
    await expect(run(out, 20)).rejects.toThrow(InputError);
    await expect(run(out, 20)).rejects.toThrow(
      `${first.runDir} is in use by carclab process ${process.pid} on ${hostname()}`,
    );
    writeFileSync(join(first.runDir, 'lock'), `999999999 ${hostname()}\n`);
    expect((await run(out, 20)).status).toBe('complete');
    expect(existsSync(join(first.runDir, 'lock'))).toBe(false);
  });
});
