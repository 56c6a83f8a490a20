/**
 * `carclab report <run-dir>`: the generic report of any finished run, from its summary.json and
 * manifest.json only, written into the run directory as report.md (charts as PNG under charts/)
 * and a self-contained offline report.html.
 */
import { InputError } from '../engine/index.ts';
import { Report, writeReport } from '../report/report.ts';
import { addRunSections } from '../report/run-report.ts';
import { loadRun } from '../report/run.ts';
import { addRunVerdict } from '../report/run-verdict.ts';
import type { Command } from './args.ts';

export const reportCommand: Command = {
  name: 'report',
  usage: 'carclab report <run-dir> [--out DIR]',
  summary:
    'Writes report.md (charts as PNG) and an offline report.html for a finished run: a verdict page first (each arm against the first, seat fairness, how the games play when recorded), then win rates, scores, sources, paired comparisons, run facts.',
  flags: {
    out: { type: 'string', help: 'directory for the report (default: the run directory)' },
  },
  async run(positionals, flags) {
    const [runDir, ...rest] = positionals;
    if (runDir === undefined || rest.length) throw new InputError('usage', `usage: ${reportCommand.usage}`);
    const run = loadRun(runDir);
    const report = new Report(`Run report: ${run.summary.experiment}`, run.manifest.experiment.description || '');
    addRunVerdict(report, run);
    addRunSections(report, run);
    const files = await writeReport(report, (flags.out as string | undefined) ?? runDir);
    process.stdout.write(`report: ${files.html}\n        ${files.markdown} (${files.charts.length} charts)\n`);
    return 0;
  },
};
