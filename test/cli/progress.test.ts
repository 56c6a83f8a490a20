/**
 * The progress bar (issue 24, case 13) and stopping in-process (case 10): the line fits the terminal
 * (ETA kept at 80 columns, nothing wrapped at 40), the ETA is unknown until a game is played and then
 * the games left at the session's rate; the runner reports games inside running shards, so the bar
 * moves per game; an in-process shard of a search agent is given up within a step after Ctrl-C, not
 * after the whole shard, and the run resumes to the same summary.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { durationText, progressLine } from '../../src/run/progress-bar.ts';
import { inProcessBackend } from '../../src/run/pool.ts';
import { runExperiment } from '../../src/run/runner.ts';
import type { Progress } from '../../src/run/runner.ts';
import { planOf, tempDir } from '../sim/helpers.ts';

describe('the progress line', () => {
  it('keeps the bar, games, games/s and ETA within 80 columns, and the ETA is the games left at the rate', () => {
    const line = progressLine('games', { done: 1_234, total: 100_000, rate: 850 }, 80);
    expect(line.length).toBeLessThanOrEqual(79);
    expect(line).toMatch(/^games \[█*░+\] 1% \| 1,234\/100,000 games \| 850 games\/s \| ETA 1m 56s$/);
    expect(durationText((100_000 - 1_234) / 850)).toBe('1m 56s');
  });

  it('shows a slow rate with its digits, never "0 games/s" while games are played', () => {
    expect(progressLine('games', { done: 82, total: 200, rate: 0.143 }, 80)).toMatch(
      /\| 0\.14 games\/s \| ETA 13m 45s$/,
    );
    expect(progressLine('games', { done: 82, total: 200, rate: 42.46 }, 80)).toMatch(/\| 42\.5 games\/s \|/);
  });

  it('says the ETA is unknown ("?") before the first game, not 0s', () => {
    expect(progressLine('games', { done: 0, total: 100, rate: null }, 80)).toMatch(
      /0% \| 0\/100 games \| - games\/s \| ETA \?$/,
    );
  });

  it('fits 40 and 20 columns without wrapping (shorter parts first, then cut)', () => {
    for (const columns of [40, 30, 20, 8]) {
      const line = progressLine('games', { done: 52_000, total: 1_000_000, rate: 12_345 }, columns);
      expect(line.length).toBeLessThan(columns);
    }
    expect(progressLine('games', { done: 52_000, total: 1_000_000, rate: 12_345 }, 40)).toBe(
      'games [█░░░░░░░░░░░░░░░░] 5% ETA 1m 17s',
    );
    expect(progressLine('games', { done: 52_000, total: 1_000_000, rate: 12_345 }, 20)).toBe('games 5% ETA 1m 17s');
  });
});

const slow = planOf({
  name: 'slow',
  seed: 'slow-1',
  deals: 6,
  arms: [{ name: 'two', players: 2, agents: 'mcts:iterations=40' }],
});

describe('a run in the main thread', () => {
  it('reports games inside a running shard (the bar moves per game), and stops within a step after Ctrl-C', async () => {
    const controller = new AbortController();
    const seen: Progress[] = [];
    const t0 = performance.now();
    let stoppedAt = 0;
    const out = tempDir();
    const outcome = await runExperiment({
      plan: slow,
      outRoot: out,
      backend: inProcessBackend(),
      keepGames: false,
      shardDeals: 6,
      signal: controller.signal,
      onProgress: (p) => {
        seen.push(p);
        if (p.gamesRunning >= 2 && !controller.signal.aborted) {
          stoppedAt = performance.now();
          controller.abort();
        }
      },
    });
    const shardSeconds = (performance.now() - t0) / 1000;
    expect(seen.some((p) => p.gamesDone === 0 && p.gamesRunning > 0 && p.gamesRunning < 6)).toBe(true);
    expect(outcome.status).toBe('interrupted');
    expect(outcome.gamesPlayed).toBe(0);
    // Given up before the shard's 6 games were played: well before its end.
    expect((performance.now() - stoppedAt) / 1000).toBeLessThan(shardSeconds);
    const resumed = await runExperiment({
      plan: slow,
      outRoot: out,
      backend: inProcessBackend(),
      keepGames: false,
      shardDeals: 6,
    });
    const fresh = await runExperiment({
      plan: slow,
      outRoot: tempDir(),
      backend: inProcessBackend(),
      keepGames: false,
      shardDeals: 3,
    });
    expect(readFileSync(join(resumed.runDir, 'summary.json'), 'utf8')).toBe(
      readFileSync(join(fresh.runDir, 'summary.json'), 'utf8'),
    );
  });
});
