/**
 * A documented `carclab ladder` example as a generated block (`scripts/doc-figures.ts`): the documented
 * command is run as a user runs it, with `--json` into a fresh folder, and the block holds the tables
 * the command prints (`ladderMarkdown`, the same function), with the date, commit, command, time and
 * load above them. A ladder small enough for a page is cheap: CI plays all of it again.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { LadderResult } from '../../src/match/ladder.ts';
import { ladderMarkdown } from '../../src/report/ladder-report.ts';
import type { FigureExample } from './blocks.ts';
import { staleLines } from './blocks.ts';
import { generatedLine, ROOT, runCarclab } from './provenance.ts';

export interface LadderExampleDefinition {
  id: string;
  page: string;
  /** The documented command's arguments after `npx carclab ladder`. */
  args: readonly string[];
}

async function tables(def: LadderExampleDefinition, log: (l: string) => void) {
  const out = mkdtempSync(join(tmpdir(), `doc-figures-${def.id}-`));
  try {
    const run = await runCarclab(ROOT, ['ladder', ...def.args, '--json', '--out', out], log);
    return { run, tables: ladderMarkdown(JSON.parse(run.stdout) as LadderResult).trimEnd() };
  } finally {
    rmSync(out, { recursive: true, force: true });
  }
}

/** A documented `carclab ladder` example, checked whole in CI. */
export function ladderExample(def: LadderExampleDefinition): FigureExample {
  return {
    id: def.id,
    page: def.page,
    generate: async (_checkedOnly, log) => {
      const { run, tables: text } = await tables(def, log);
      const command = `\`npx carclab ladder ${def.args.join(' ')}\``;
      const checked = ' CI plays it again (`test/docs-figures.test.ts`) and fails if a row differs.';
      return { meta: '', body: `${generatedLine(command, run)}${checked}\n\n${text}` };
    },
    freshChecked: async (log) => (await tables(def, log)).tables,
    problems: (block, fresh) => staleLines(def, block, fresh, 'figures'),
  };
}
