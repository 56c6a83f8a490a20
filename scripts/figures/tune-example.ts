/**
 * A documented `carclab tune` example as a generated block (`scripts/doc-figures.ts`): the documented
 * command is run as a user runs it, with `--json` into a fresh folder, and the block holds the answer
 * the command prints (`answerText`, the same function) and every candidate the search measured, with
 * the date, commit, command, time and load above them. A tuning of `greedy` games is cheap: CI plays
 * all of it again.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { count, percentText } from '../../src/report/numbers.ts';
import { pointLabel } from '../../src/tune/definition.ts';
import { loadTuning } from '../../src/tune/load.ts';
import { answerText } from '../../src/tune/report.ts';
import type { TuneResult } from '../../src/tune/result.ts';
import type { FigureExample } from './blocks.ts';
import { staleLines } from './blocks.ts';
import { generatedLine, ROOT, runCarclab } from './provenance.ts';

export interface TuneExampleDefinition {
  id: string;
  page: string;
  /** The documented command's arguments after `npx carclab tune` (the tuning's name first). */
  args: readonly string[];
}

async function answer(def: TuneExampleDefinition, log: (l: string) => void) {
  const out = mkdtempSync(join(tmpdir(), `doc-figures-${def.id}-`));
  try {
    const { tuning } = await loadTuning(def.args[0]!);
    const run = await runCarclab(ROOT, ['tune', ...def.args, '--json', '--out', out], log);
    const result = JSON.parse(run.stdout) as TuneResult;
    const rows = result.candidates.map(
      (c) =>
        `| \`${pointLabel(tuning, c.point)}\` | ${count(c.deals)} | ${percentText({ estimate: c.estimate, lo: c.lo, hi: c.hi })} | ${c.verdict} |`,
    );
    const text = [
      answerText(tuning, result),
      '',
      `| value | deals | ${result.metric} [95 %] | the search's verdict |`,
      '|---|---:|---|---|',
      ...rows,
    ].join('\n');
    return { run, text };
  } finally {
    rmSync(out, { recursive: true, force: true });
  }
}

/** A documented `carclab tune` example, checked whole in CI. */
export function tuneExample(def: TuneExampleDefinition): FigureExample {
  return {
    id: def.id,
    page: def.page,
    generate: async (_checkedOnly, log) => {
      const { run, text } = await answer(def, log);
      const command = `\`npx carclab tune ${def.args.join(' ')}\``;
      const checked = ' CI plays it again (`test/docs-figures.test.ts`) and fails if a line differs.';
      return { meta: '', body: `${generatedLine(command, run)}${checked}\n\n${text}` };
    },
    freshChecked: async (log) => (await answer(def, log)).text,
    problems: (block, fresh) => staleLines(def, block, fresh, 'figures'),
  };
}
