/**
 * The figures the docs pages print for their examples, regenerated from the documented commands
 * (`npm run docs:figures -- [--only ID] [--check] [--checked-only]`). Each example owns one block of
 * its page between `<!-- figures:ID begin -->` and `<!-- figures:ID end -->` (`figures/blocks.ts`):
 *   - without `--check`, the example's command is run and its block rewritten, with the date, commit,
 *     command, time and load; `--checked-only` runs only the parts CI checks and leaves the others out
 *     (saying so in the block) rather than keeping figures of older code;
 *   - `--check` plays the cheap parts again and fails (exit 1) with a diff when the committed block
 *     differs, and when an agent whose part is regenerated only by hand now plays other games. CI runs
 *     it through `test/docs-figures.test.ts`.
 * Bad flags or an unknown ID exit 2 before anything is run.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { readBlock, replaceBlock } from './figures/blocks.ts';
import type { FigureExample } from './figures/blocks.ts';
import { ladderExample } from './figures/ladder-example.ts';
import { ROOT } from './figures/provenance.ts';
import { studyExample } from './figures/study-example.ts';
import { tuneExample } from './figures/tune-example.ts';

/** Every example whose figures a docs page prints, with its documented command. */
export const EXAMPLES: readonly FigureExample[] = [
  studyExample({
    id: 'study-farmers4',
    page: 'docs/study.md',
    rules: 'farmerPointsPerCity=4',
    deals: [2000, 2000, 250],
    seed: '1',
    checked: ['random', 'greedy'],
  }),
  ladderExample({
    id: 'ladder-greedy',
    page: 'docs/matches.md',
    args: ['random', 'greedy', 'greedy:meepleCost=2', '--deals', '200', '--workers', '1'],
  }),
  tuneExample({
    id: 'tune-seat-greedy',
    page: 'docs/tuning.md',
    args: ['seat-compensation-2p-greedy', '--workers', '1'],
  }),
];

function selected(only: string | undefined): readonly FigureExample[] {
  if (only === undefined) return EXAMPLES;
  const found = EXAMPLES.filter((e) => e.id === only);
  if (!found.length)
    throw new UsageError(`--only ${only}: no such example; known: ${EXAMPLES.map((e) => e.id).join(', ')}`);
  return found;
}

class UsageError extends Error {}

const pageText = (ex: FigureExample) => readFileSync(join(ROOT, ex.page), 'utf8');

/** The problems of the committed blocks (empty when every checked figure reproduces). */
export async function checkFigures(only?: string, log: (line: string) => void = () => {}): Promise<string[]> {
  const problems: string[] = [];
  for (const ex of selected(only)) {
    const block = readBlock(pageText(ex), ex.id, ex.page);
    const found = ex.problems(block, await ex.freshChecked(log));
    if (found.length) problems.push(...found, `regenerate with: npm run docs:figures -- --only ${ex.id}`);
  }
  return problems;
}

/** Regenerates the blocks and rewrites their pages (each page only once its block is made). */
export async function writeFigures(
  only: string | undefined,
  checkedOnly: boolean,
  log: (line: string) => void,
): Promise<void> {
  for (const ex of selected(only)) {
    readBlock(pageText(ex), ex.id, ex.page); // the markers are there before the run
    const block = await ex.generate(checkedOnly, log);
    writeFileSync(join(ROOT, ex.page), replaceBlock(pageText(ex), ex.id, ex.page, block));
    log(`${ex.page}: figures:${ex.id} rewritten`);
  }
}

async function main(argv: string[]): Promise<number> {
  let flags: { only?: string; check?: boolean; 'checked-only'?: boolean };
  try {
    flags = parseArgs({
      args: argv,
      options: { only: { type: 'string' }, check: { type: 'boolean' }, 'checked-only': { type: 'boolean' } },
    }).values;
    if (flags.check && flags['checked-only']) throw new UsageError('--check and --checked-only do not go together');
    selected(flags.only);
  } catch (e) {
    process.stderr.write(
      `doc-figures: ${(e as Error).message}\nusage: npm run docs:figures -- [--only ID] [--check] [--checked-only]\n`,
    );
    return 2;
  }
  const log = (line: string) => process.stderr.write(`${line}\n`);
  if (!flags.check) {
    await writeFigures(flags.only, flags['checked-only'] === true, log);
    return 0;
  }
  const problems = await checkFigures(flags.only, log);
  process.stdout.write(problems.length ? `${problems.join('\n')}\n` : 'doc figures: every checked figure reproduces\n');
  return problems.length ? 1 : 0;
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url))
  process.exitCode = await main(process.argv.slice(2));
