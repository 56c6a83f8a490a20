/**
 * The repository explains itself (`scripts/check-docs.ts`): README.md and docs/ link only to files that
 * exist, name only paths that exist, every docs/ citation in the code resolves to a page and section,
 * no file cites a document that is not in the repository, and the README lists every command.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { anchorOf, checkDocs, headingsOf, missingCommands } from '../scripts/check-docs.ts';
import { tempDir } from './sim/helpers.ts';

const ROOT = fileURLToPath(new URL('..', import.meta.url));

describe('the documentation of this repository', () => {
  const problems = checkDocs(ROOT);

  it('links only to files and headings that exist', () => {
    expect(problems.links).toEqual([]);
  });
  it('names only repository paths that exist', () => {
    expect(problems.paths).toEqual([]);
  });
  it('cites only docs pages, sections and rulings that exist', () => {
    expect(problems.citations).toEqual([]);
  });
  it('cites no document that is not in the repository', () => {
    expect(problems.absent).toEqual([]);
  });
  it("has a row in the README's command table for every command", () => {
    expect(problems.commands).toEqual([]);
  });
});

/** A small repository with the given files, for the check to find what is wrong in it. */
function repoWith(files: Record<string, string>): string {
  const root = tempDir('docs-check');
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), text);
  }
  return root;
}

describe('the docs check', () => {
  // Citations built from parts, so that this file does not itself cite pages that do not exist.
  const absentNote = ['STUDIES', 'md'].join('.');
  const docs = (page: string) => ['docs', page].join('/');

  it('finds broken links, anchors, paths, citations and absent documents', () => {
    const root = repoWith({
      'README.md': `# x\n\nSee [the guide](${docs('guide.md')}), [missing](${docs('nope.md')}), [bad](${docs('guide.md')}#nowhere).\n`,
      [docs('guide.md')]: '# Guide\n\n## 1. First\n\nRun `scripts/gone.ts` and `src/here.ts`.\n',
      'src/here.ts': `// ${docs('guide.md')} §1 is fine, ${docs('guide.md')} §2 is not, ${docs('other.md')} neither; ${absentNote} 4\n`,
    });
    const problems = checkDocs(root);
    expect(problems.links).toEqual([
      `README.md: link ${docs('nope.md')}: no such file in the repository`,
      `README.md: link ${docs('guide.md')}#nowhere: ${docs('guide.md')} has no such heading`,
    ]);
    expect(problems.paths).toEqual([`${docs('guide.md')}: path scripts/gone.ts: no such file or folder`]);
    expect(problems.citations).toEqual([
      `src/here.ts: ${docs('guide.md')} §2: no such section`,
      `src/here.ts: ${docs('other.md')}: no such page`,
    ]);
    expect(problems.absent).toEqual([`src/here.ts:1: cites ${absentNote}, which is not in the repository`]);
  });

  it('checks a section cited after a link', () => {
    const root = repoWith({
      [docs('rules.md')]: '# Rules\n\n## 2. Tolls\n',
      [docs('guide.md')]: '# Guide\n\nSee [rules](rules.md) §2 and [rules](rules.md) §3.\n',
    });
    expect(checkDocs(root).links).toEqual([`${docs('guide.md')}: link rules.md §3: no such section`]);
  });

  it('checks a ruling cited by its id', () => {
    const root = repoWith({
      [docs('rules.md')]: '# Rules\n\n## 2. Tolls\n\n**R-T1.** Once.\n',
      'src/a.ts': `// ${docs('rules.md')} R-T1 and ${docs('rules.md')} §2, R-T9\n`,
    });
    expect(checkDocs(root).citations).toEqual([`src/a.ts: ${docs('rules.md')} R-T9: no such ruling`]);
  });

  it('finds a command missing from the command table', () => {
    const main = 'const COMMANDS = {\n  run: async () => x,\n  report: async () => y,\n};\n';
    expect(missingCommands(main, '| `carclab run <experiment>` | runs |\n')).toEqual(['report']);
  });

  it('reads headings outside code blocks and makes anchors as GitHub does', () => {
    expect(headingsOf('# A\n```sh\n# not a heading\n```\n## `greedy`: how it values\n')).toEqual([
      'A',
      '`greedy`: how it values',
    ]);
    expect(anchorOf('`greedy`: how it values its tries')).toBe('greedy-how-it-values-its-tries');
    expect(anchorOf('The suite: `npm start`')).toBe('the-suite-npm-start');
  });
});
