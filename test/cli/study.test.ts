/** `carclab study` as a user runs it: real processes, real files, exit codes. */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = join(import.meta.dirname, '..', '..');
function carclab(...args: string[]) {
  const r = spawnSync(process.execPath, [join(ROOT, 'bin', 'carclab.js'), ...args], {
    cwd: ROOT,
    encoding: 'utf8',
    env: { ...process.env, NO_COLOR: '1' },
  });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}
const scratch = mkdtempSync(join(tmpdir(), 'carclab-study-'));
const VILLAGE = join('test', 'scenarios', 'designer', 'tiles', 'village.json');

describe('carclab study', () => {
  it.each([
    [['--agents', 'random'], /nothing to compare: give --rules/],
    [
      ['--rules', 'farmerPointsPerCity=3'],
      /--rules farmerPointsPerCity=3: these are the official values; nothing to compare/,
    ],
    [['--rules', 'farmerPoints=4'], /farmerPoints/],
    [['--rules', 'farmerPointsPerCity=4', '--expansions', 'tollkeeper'], /tollkeeper/],
    [
      ['--rules', 'farmerPointsPerCity=4', '--agents', 'random,greedy', '--deals', '5,6,7'],
      /--deals gives 3 counts for 2 levels/,
    ],
    [['--rules', 'farmerPointsPerCity=4', '--deals', '0x10'], /--deals must be whole numbers/],
    [['--rules', 'farmerPointsPerCity=4', '--agents', 'random,cleverest'], /cleverest/],
    [['--rules', 'farmerPointsPerCity=4', '--agents', 'greedy,greedy'], /two levels are named "greedy"/],
    [['--rules', 'farmerPointsPerCity=4', '--players', '7'], /--players must be a whole number from 2 to 6/],
    [['--rules', 'farmerPointsPerCity=4', 'extra'], /takes no positional arguments/],
    [['--rules', 'farmerPointsPerCity=4', '--seed', ''], /--seed must not be empty/],
    [['--arms', 'basic'], /--arms: a study compares two arms \(the baseline first\), got 1/],
    [['--arms', 'a,b=farmers=off', '--rules', 'farmerPointsPerCity=4'], /--arms .* excludes --rules/],
    [['--arms', 'farmers=off,b=farmers=on'], /--arms: "farmers=off" does not start an arm/],
    [['--arms', 'a=farmers=off,a=farmers=on'], /both arms are named "a"/],
    [['--arms', 'a,b=farmers=sometimes'], /sometimes/],
    [['--arms', 'a=,b=farmerPointsPerCity=3'], /--arms: a and b play the same rules; nothing to compare/],
    [['--tiles', 'no-such-tiles.json'], /--tiles no-such-tiles\.json: cannot read/],
    [['--tile-counts', 'D=many'], /--tile-counts: "D=many" is not ID=N/],
    [['--tile-counts', 'Q7=2'], /Q7/],
  ])('refuses %j with exit 2, a message naming it, and nothing written', (args, message) => {
    const out = join(scratch, `bad-${args.join('_').replace(/[^A-Za-z0-9]+/g, '-')}`);
    const r = carclab('study', ...args, '--out', out, '--json');
    expect(r.code, r.stderr).toBe(2);
    expect(r.stderr).toMatch(message);
    expect(r.stdout).toBe('');
    expect(existsSync(out)).toBe(false);
  });

  it('prints the scorecard with winnerChanged {total, rescored, independent, noiseFloor} per level, the same for 1 and 2 workers', () => {
    const runs = [1, 2].map((w) => {
      const out = join(scratch, `w${w}`);
      const r = carclab(
        'study',
        '--rules',
        'farmerPointsPerCity=4',
        '--agents',
        'random,greedy',
        '--deals',
        '6',
        '--seed',
        'st',
        '--workers',
        String(w),
        '--out',
        out,
        '--json',
      );
      expect(r.code, r.stderr).toBe(0);
      return { out, json: JSON.parse(r.stdout) };
    });
    const [one, two] = runs.map(({ out, json }) => JSON.parse(JSON.stringify(json).split(out).join('OUT')));
    expect(two).toEqual(one);
    expect(one).toMatchObject({
      format: 'carclab-study/1',
      players: 2,
      baseline: { name: 'official', rules: {} },
      variant: { name: 'variant', rules: { farmerPointsPerCity: 4 } },
    });
    const [random, greedy] = one.levels;
    for (const level of [random, greedy]) {
      expect(Object.keys(level.winnerChanged).sort()).toEqual(['independent', 'noiseFloor', 'rescored', 'total']);
      for (const share of Object.values(level.winnerChanged) as number[]) expect(share).toBeGreaterThanOrEqual(0);
      for (const arm of [level.quality.baseline, level.quality.variant]) {
        expect(arm).toMatchObject({ games: 6, closeMargin: 5 });
        expect(arm.leadChanges.estimate).toBeGreaterThanOrEqual(0);
        expect(arm.closeShare.estimate).toBeGreaterThanOrEqual(0);
        expect(arm.closeShare.estimate).toBeLessThanOrEqual(1);
      }
      expect(level.winnerChangedDetail).toMatchObject({ games: 6, replayed: 6, notReplayable: 0 });
      // The quality measures' paired differences, variant − official, over the level's deals.
      expect(Object.keys(level.quality.difference).sort()).toEqual([
        'behindBy',
        'behindShare',
        'closeShare',
        'decidedShare',
        'leadChanges',
        'scoreLeadChanges',
      ]);
      expect(level.quality.difference.leadChanges.deals).toBe(6);
      expect(level.quality.difference.closeShare.estimate).toBeCloseTo(
        level.quality.variant.closeShare.estimate - level.quality.baseline.closeShare.estimate,
        12,
      );
    }
    // Random play ignores the rule: the total effect is the rescoring.
    expect(random.sameMoves).toBe(6);
    expect(random.winnerChanged.total).toBe(random.winnerChanged.rescored);
    expect(random.skillDepth).toBeNull();
    expect(greedy.skillDepth).toMatchObject({
      level: 'greedy',
      against: 'random',
      baseline: { games: 12, deals: 6 },
      variant: { games: 12, deals: 6 },
      difference: { deals: 6 },
    });
    // The files: the scorecard as printed, and the report opening with the question and its findings.
    const saved = JSON.parse(readFileSync(join(runs[0]!.out, 'scorecard.json'), 'utf8'));
    const { files: _files, ...printed } = runs[0]!.json;
    expect(saved).toEqual(printed);
    const md = readFileSync(join(runs[0]!.out, 'report.md'), 'utf8');
    expect(md).toMatch(/^# What changes: farmerPointsPerCity=4 against the official rules \(2 players, base game\)/);
    expect(md).toMatch(
      /rescoring official's games under variant's rules flips the winner in .* for independent games and a noise floor of/,
    );
    // The verdict page first: the question and the findings (the game-quality ones among them) before the appendix.
    // The question is a designer's question from the rule's description, not the title again.
    expect(one).toMatchObject({
      question:
        'What changes when a field majority scores 4 points per completed bordering city instead of 3 (2 players, base game)?',
      comparison: 'farmerPointsPerCity=4 against the official rules (2 players, base game)',
    });
    const question = md.indexOf(
      '**Question.** What changes when a field majority scores 4 points per completed bordering city instead of 3 (2 players, base game)?',
    );
    expect(question).toBeGreaterThan(0);
    expect(md.indexOf('lead changes')).toBeGreaterThan(question);
    expect(md.indexOf('rescoring official')).toBeGreaterThan(question);
    expect(md.indexOf('rescoring official')).toBeLessThan(md.indexOf('## How the games play'));
    // The bottom line right under the question, its sentences pointing at the findings that back them.
    const bottom = md.indexOf('> **Bottom line.**');
    expect(bottom).toBeGreaterThan(question);
    expect(md.slice(bottom).split('\n')[0]).toMatch(/\(\[finding \d\]\(#finding-\d\)/);
    expect(md.indexOf('**How close the games are**, official → variant')).toBeGreaterThan(bottom);
    expect(md.indexOf('**Where the points come from**')).toBeGreaterThan(bottom);
    expect(md.indexOf('**Where the points come from**')).toBeLessThan(md.indexOf('## Appendix'));
    expect(md).toContain('Paired differences between the arms per measure');
    expect(md.indexOf('**Skill depth**: **greedy** against **random**')).toBeGreaterThan(question);
    expect(md.indexOf('**Skill depth**: **greedy** against **random**')).toBeLessThan(md.indexOf('## Skill depth'));
    expect(existsSync(join(runs[0]!.out, 'report.html'))).toBe(true);
  });

  it('plays two named arms (--arms) and a designer tile file (--tiles), skill matches included, with scorecard.csv', () => {
    const out = join(scratch, 'arms');
    const r = carclab(
      'study',
      '--arms',
      'basic,advanced=labyrinth=advanced,labyrinthMeepleBonus=3',
      '--expansions',
      'labyrinth',
      '--players',
      '3',
      '--agents',
      'random,greedy',
      '--deals',
      '4',
      '--seed',
      'arms',
      '--out',
      out,
      '--json',
    );
    expect(r.code, r.stderr).toBe(0);
    const card = JSON.parse(r.stdout);
    expect(card).toMatchObject({
      baseline: { name: 'basic', expansions: ['labyrinth'], rules: {} },
      variant: { name: 'advanced', rules: { labyrinth: 'advanced', labyrinthMeepleBonus: 3 } },
      comparison:
        'advanced (labyrinth=advanced, labyrinthMeepleBonus=3) against basic (official rules) (3 players, labyrinth)',
    });
    expect(card.levels[1].seats.seats.map((s: { seat: number }) => s.seat)).toEqual([0, 1, 2]);
    const md = readFileSync(join(out, 'report.md'), 'utf8');
    expect(md).toContain('basic → advanced');
    expect(md).not.toMatch(/official → variant/);
    const csv = readFileSync(join(out, 'scorecard.csv'), 'utf8').split('\n');
    expect(csv[0]).toBe(
      'level,deals,measure,unit,baseline,baselineLo,baselineHi,variant,variantLo,variantHi,change,changeLo,changeHi',
    );
    expect(csv.some((l) => l.startsWith('greedy,4,points per player: labyrinth,points,'))).toBe(true);
    expect(csv.some((l) => l.startsWith('greedy,4,meeples per player: farmersPlaced,meeples,'))).toBe(true);

    const tiles = join(scratch, 'tiles');
    const t = carclab(
      'study',
      '--tiles',
      VILLAGE,
      '--agents',
      'random,greedy',
      '--deals',
      '4',
      '--out',
      tiles,
      '--json',
    );
    expect(t.code, t.stderr).toBe(0);
    const tileCard = JSON.parse(t.stdout);
    expect(tileCard).toMatchObject({
      baseline: { name: 'official', rules: {} },
      variant: { name: 'village', tiles: [VILLAGE] },
      comparison: 'tiles village.json against the official rules (2 players, base game)',
    });
    // Other tiles deal other games: nothing is rescored; the skill matches play the tiles too.
    expect(tileCard.levels[0].winnerChangedDetail).toMatchObject({ replayed: 0, notReplayable: 4 });
    const tileMd = readFileSync(join(tiles, 'report.md'), 'utf8');
    expect(tileMd).toContain('The arms deal different tiles, so no game can be rescored');
    expect(tileMd).toContain('random: the arms deal different tiles, so no game of official can be rescored');
    expect(tileMd).not.toContain('a move of every game is not allowed');
    expect(tileCard.levels[1].skillDepth.variant.games).toBe(8);
    const manifest = JSON.parse(readFileSync(join(tileCard.levels[1].skillDepth.variant.run, 'manifest.json'), 'utf8'));
    expect(manifest.arms[0].tiles).toEqual([VILLAGE]);
  });
});
