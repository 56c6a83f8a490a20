/**
 * `carclab export RUN --csv [--out FILE]`: the run's kept games (`games.arrow`, read through its
 * checksum) as CSV, one row per game, for a spreadsheet: `arm` by name, `deal`, `rotation`,
 * `players`, `movesHash` (the run's `moves`: a hash of the game's moves, not a count), then the
 * run's columns (`score<s>`, `rank<s>`, `<source><s>`, `stat.<name>`, `stat.<name><s>`); a seat an
 * arm does not have is an empty cell. To stdout, or written atomically into `--out`.
 */
import { once } from 'node:events';
import { InputError } from '../engine/index.ts';
import { loadRun } from '../report/run.ts';
import { writeAtomic } from '../run/files.ts';
import { csv, csvLines } from '../sim/summary.ts';
import type { Command } from './args.ts';

/** Rows per piece written to stdout, so a large run is not held twice as text. */
const PIECE = 5000;

export const exportCommand: Command = {
  name: 'export',
  usage: 'carclab export <run-dir> --csv [--out FILE]',
  summary: "Writes a run's kept games (games.arrow) as CSV, one row per game, for a spreadsheet.",
  flags: {
    csv: { type: 'boolean', help: 'CSV: one row per game (the only format so far; required)' },
    out: { type: 'string', help: 'write into this file (atomically) instead of stdout' },
  },
  async run(positionals, flags) {
    const [runDir, ...rest] = positionals;
    if (runDir === undefined || rest.length) throw new InputError('usage', `usage: ${exportCommand.usage}`);
    if (!flags.csv)
      throw new InputError('usage', `carclab export: give the format, --csv\nusage: ${exportCommand.usage}`);
    if (flags.out === '') throw new InputError('usage', '--out needs a file name');
    const run = loadRun(runDir);
    if (!run.manifest.keepGames)
      throw new InputError('usage', `${runDir}: the run kept no games (games.arrow); run it again with --keep-games`);
    const table = run.games()!;
    const names = run.manifest.arms.map((a) => a.name);
    const columns = table.columnNames();
    const data = columns.map((c) => table.array(c) as ArrayLike<number>);
    const arm = columns.indexOf('arm');
    const row = (i: number) =>
      data.map((col, c) => {
        const v = col[i]!;
        if (c === arm) return names[v] ?? v;
        return Number.isNaN(v) ? null : v;
      });
    // `moves` is a hash of the game's moves; a spreadsheet reader would take the name for a count.
    const header = columns.map((c) => (c === 'moves' ? 'movesHash' : c));
    const n = table.numRows();
    if (typeof flags.out === 'string') {
      writeAtomic(
        flags.out,
        csv(
          header,
          Array.from({ length: n }, (_, i) => row(i)),
        ),
      );
      process.stderr.write(`export: ${n.toLocaleString('en')} games into ${flags.out}\n`);
      return 0;
    }
    process.stdout.write(csv(header, []));
    for (let start = 0; start < n; start += PIECE) {
      const rows = Array.from({ length: Math.min(PIECE, n - start) }, (_, k) => row(start + k));
      if (!process.stdout.write(csvLines(rows))) await once(process.stdout, 'drain');
    }
    return 0;
  },
};
