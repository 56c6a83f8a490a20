/**
 * `carclab ladder SPEC SPEC …`: every pair of agents plays the same deals in every seat arrangement
 * (one run, so progress bar, resume and results folder as for `carclab run`); then the win-share
 * matrix with intervals and Bradley–Terry ratings with bootstrap intervals, written to `ladder.json`
 * and a report (report.md with PNG charts, offline report.html) in the run directory, and printed as
 * Markdown tables or, with `--json`, as one JSON object.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { InputError } from '../engine/index.ts';
import { ladderResult } from '../match/ladder.ts';
import { ladderMarkdown, ladderReport } from '../report/ladder-report.ts';
import { writeReport } from '../report/report.ts';
import { writeJsonAtomic } from '../run/files.ts';
import type { Command } from './args.ts';
import { PAIRING_FLAGS, parsePairingRun, playPairings, setupText } from './pairings.ts';

/** Wall time of every session of the run (the manifest sums them). */
const manifestWallSeconds = (runDir: string): number =>
  (JSON.parse(readFileSync(join(runDir, 'manifest.json'), 'utf8')) as { wallSeconds: number }).wallSeconds;

export const ladderCommand: Command = {
  name: 'ladder',
  usage:
    'carclab ladder SPEC SPEC … [--players N] [--expansions NAME,…] [--rules k=v,…] [--deals N] [--workers K] [--seed S] [--out DIR] [--json] [--new-run]',
  summary: 'Round-robin of agent specs on shared deals: win-share matrix, Bradley–Terry (Elo) ratings, report.',
  flags: PAIRING_FLAGS,
  async run(positionals, flags) {
    if (positionals.length < 2)
      throw new InputError(
        'usage',
        `carclab ladder: needs at least two agent specs, got ${positionals.length}\nusage: ${ladderCommand.usage}`,
      );
    const run = parsePairingRun('ladder', positionals, flags);
    const { design } = run;
    if (!flags.json) process.stderr.write(`carclab: ladder of ${design.specs.join(', ')} (${setupText(design)})\n`);
    const outcome = await playPairings(run);
    if (!outcome) return 130;
    const ladder = ladderResult(design, outcome.outcomes!);
    writeJsonAtomic(join(outcome.runDir, 'ladder.json'), ladder);
    const command = [
      'carclab',
      'ladder',
      ...positionals,
      ...Object.entries(flags).flatMap(([k, v]) =>
        v === undefined || v === false || k === 'json'
          ? []
          : v === true
            ? [`--${k}`]
            : PAIRING_FLAGS[k]?.default === v
              ? []
              : [`--${k}`, String(v)],
      ),
    ].join(' ');
    const report = ladderReport(ladder, {
      command,
      runDir: outcome.runDir,
      setup: setupText(design),
      wallSeconds: manifestWallSeconds(outcome.runDir),
    });
    const files = await writeReport(report, outcome.runDir);
    if (flags.json)
      process.stdout.write(`${JSON.stringify({ ...ladder, results: outcome.runDir, report: files.html })}\n`);
    else
      process.stdout.write(
        `${ladderMarkdown(ladder)}\nreport: ${files.html}\n        ${files.markdown}\nresults: ${outcome.runDir}\n`,
      );
    return 0;
  },
};
