/**
 * Documentation check (run by `test/docs.test.ts`, so in CI; `npx tsx scripts/check-docs.ts [ROOT]` prints
 * the problems and their count). The repository must explain itself, so it fails on
 *   1. links: a relative link or image of README.md or a page under docs/ that names no file of the
 *      repository, an anchor (`page.md#some-heading`) that names no heading of its page, or a section
 *      cited after the link (`[rules.md](rules.md) §2`) that its page does not have;
 *   2. paths: a repository path written as code in those pages (`src/…`, `docs/…`, `test/…` …) that
 *      does not exist;
 *   3. citations: anywhere in the repository's text, a `docs/<page>.md` that does not exist, a
 *      citation `docs/<page>.md §N` or `docs/rules.md R-T1` whose page has no section N (a heading
 *      "N. …") or no such ruling, or a `README "…"` section the README has no heading for;
 *   4. absent documents: a citation of one of the design notes the project began from, which are not
 *      in the repository (their upper-case names, `ABSENT_DOCUMENTS`); what they said is in docs/;
 *   5. commands: a command of `src/cli/main.ts` without its row in the README's command table.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, normalize, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The design notes the project began from; none is part of the repository, so none may be cited. */
export const ABSENT_DOCUMENTS: readonly string[] = ['RULES', 'STUDIES', 'DESIGN', 'TILES', 'STYLE', 'AGENTS', 'STACK'];

/** Folders that are not the repository's own text: installs, builds, generated output. */
const SKIPPED_DIRS = new Set(['node_modules', '.git', '.cache', 'results', 'dist', 'scratch']);
const TEXT_EXTENSIONS = /\.(ts|mts|mjs|js|json|md|css|html|yml|yaml)$/;
/** Top-level folders whose paths the pages may name. */
const REPO_PATH = /(?<![\w./-])((?:src|test|scripts|notebooks|experiments|docs|web|bin|\.ci)\/[\w./-]*[\w-])/g;

export interface DocProblems {
  links: string[];
  paths: string[];
  citations: string[];
  absent: string[];
  commands: string[];
}

/** Every file under `root` (relative, with `/`), without the skipped folders. */
export function listFiles(root: string): string[] {
  const out: string[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      if (entry.isDirectory()) {
        if (!SKIPPED_DIRS.has(entry.name)) walk(join(dir, entry.name));
      } else if (entry.isFile()) out.push(relative(root, join(dir, entry.name)).split(sep).join('/'));
    }
  };
  walk(root);
  return out.sort();
}

/** The Markdown pages the check reads links in: README.md and every page under docs/. */
export function markdownPages(files: readonly string[]): string[] {
  return files.filter((f) => f === 'README.md' || (f.startsWith('docs/') && f.endsWith('.md')));
}

/** GitHub's anchor of a heading: lower case, punctuation dropped, spaces to hyphens. */
export function anchorOf(heading: string): string {
  return heading
    .trim()
    .toLowerCase()
    .replace(/[`*_]/g, '')
    .replace(/[^\p{L}\p{N}\s-]/gu, '')
    .replace(/\s/g, '-');
}

/** The headings of a Markdown text (outside code fences), without their `#`s. */
export function headingsOf(text: string): string[] {
  return withoutFences(text)
    .split('\n')
    .flatMap((line) => {
      const m = /^#{1,6}\s+(.*?)\s*#*\s*$/.exec(line);
      return m ? [m[1]!] : [];
    });
}

/** The text with its fenced code blocks blanked (so their lines keep their numbers). */
function withoutFences(text: string): string {
  return text.replace(/^(`{3,}|~{3,}).*\n[\s\S]*?^\1\s*$/gm, (block) => block.replace(/[^\n]/g, ''));
}

/** The code of a Markdown text: fenced blocks and inline code spans. */
function codeOf(text: string): string[] {
  const fences = [...text.matchAll(/^(`{3,}|~{3,}).*\n([\s\S]*?)^\1\s*$/gm)].map((m) => m[2]!);
  const spans = [...withoutFences(text).matchAll(/(`+)([^`]+?)\1/g)].map((m) => m[2]!);
  return [...fences, ...spans];
}

/** Does heading text open with section number `n` ("4. The deal …", "2.4 Tollkeepers …", "§4 …")? */
function isSection(heading: string, n: string): boolean {
  return new RegExp(`^§?${n.replace(/\./g, '\\.')}(\\.|\\s|$)`).test(heading.trim());
}

function checkLinks(root: string, page: string, text: string, exists: (p: string) => boolean): string[] {
  const problems: string[] = [];
  const prose = withoutFences(text).replace(/(`+)[^`]+?\1/g, '');
  const link = /!?\[[^\]]*\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)((?:\s*,?\s*§\s?\d+(?:\.\d+)*)*)/g;
  for (const m of prose.matchAll(link)) {
    const target = m[1]!;
    if (/^[a-z][a-z0-9+.-]*:/i.test(target)) continue; // http:, mailto: …: not a file of the repo
    const [path, anchor] = target.split('#', 2) as [string, string | undefined];
    const file =
      path === ''
        ? page
        : normalize(join(dirname(page), decodeURI(path)))
            .split(sep)
            .join('/');
    if (file.startsWith('..') || !exists(file)) {
      problems.push(`${page}: link ${target}: no such file in the repository`);
      continue;
    }
    if (!file.endsWith('.md')) continue;
    const headings = headingsOf(readFileSync(join(root, file), 'utf8'));
    if (anchor && !headings.map(anchorOf).includes(anchor.toLowerCase()))
      problems.push(`${page}: link ${target}: ${file} has no such heading`);
    // A section cited after the link: "[rules.md](rules.md) §2".
    for (const s of m[2]!.matchAll(/§\s?(\d+(?:\.\d+)*)/g)) {
      if (!headings.some((h) => isSection(h, s[1]!)))
        problems.push(`${page}: link ${target} §${s[1]}: no such section`);
    }
  }
  return problems;
}

function checkPaths(page: string, text: string, exists: (p: string) => boolean): string[] {
  const problems = new Set<string>();
  for (const code of codeOf(text)) {
    for (const m of code.matchAll(REPO_PATH)) {
      if (!exists(m[1]!)) problems.add(`${page}: path ${m[1]}: no such file or folder`);
    }
  }
  return [...problems];
}

/** `docs/<page>.md` mentions and their section (§N) and ruling (R-T1) citations in one file's text. */
function checkCitations(root: string, file: string, text: string, exists: (p: string) => boolean): string[] {
  const problems = new Set<string>();
  const cite =
    /(?<![\w/.-])(?<!\]\()(docs\/[\w/-]+\.md)((?:(?:\s*[,;]?\s*(?:and\s+)?)(?:§\s?\d+(?:\.\d+)*|R-[A-Z]+\d+))*)/g;
  for (const m of text.matchAll(cite)) {
    const page = m[1]!;
    if (!exists(page)) {
      problems.add(`${file}: ${page}: no such page`);
      continue;
    }
    const target = readFileSync(join(root, page), 'utf8');
    const headings = headingsOf(target);
    for (const s of m[2]!.matchAll(/§\s?(\d+(?:\.\d+)*)/g)) {
      if (!headings.some((h) => isSection(h, s[1]!))) problems.add(`${file}: ${page} §${s[1]}: no such section`);
    }
    for (const r of m[2]!.matchAll(/R-[A-Z]+\d+/g)) {
      if (!new RegExp(`\\b${r[0]}\\b`).test(target)) problems.add(`${file}: ${page} ${r[0]}: no such ruling`);
    }
  }
  if (text.includes('README "')) {
    const headings = exists('README.md') ? headingsOf(readFileSync(join(root, 'README.md'), 'utf8')) : [];
    for (const m of text.matchAll(/README "([A-Za-z][^"\n]*)"/g)) {
      if (!headings.some((h) => h.startsWith(m[1]!))) problems.add(`${file}: README "${m[1]}": no such section`);
    }
  }
  return [...problems];
}

function checkAbsent(file: string, text: string): string[] {
  const pattern = new RegExp(`\\b(${ABSENT_DOCUMENTS.join('|')})\\.md\\b`, 'g');
  return text
    .split('\n')
    .flatMap((line, i) =>
      [...line.matchAll(pattern)].map((m) => `${file}:${i + 1}: cites ${m[0]}, which is not in the repository`),
    );
}

/** Commands of `src/cli/main.ts` that the README's command table (rows "| `carclab NAME …") lacks. */
export function missingCommands(mainSource: string, readme: string): string[] {
  const commands = [...mainSource.matchAll(/^\s+(\w+): async \(\) =>/gm)].map((m) => m[1]!);
  return commands.filter((c) => !new RegExp(`^\\|\\s*\`carclab ${c}\\b`, 'm').test(readme));
}

export function checkDocs(root: string): DocProblems {
  const files = listFiles(root);
  const known = new Set(files);
  const dirs = new Set(
    files.flatMap((f) =>
      f
        .split('/')
        .slice(0, -1)
        .map((_, i, p) => p.slice(0, i + 1).join('/')),
    ),
  );
  const exists = (p: string) => known.has(p.replace(/\/$/, '')) || dirs.has(p.replace(/\/$/, ''));
  const problems: DocProblems = { links: [], paths: [], citations: [], absent: [], commands: [] };
  for (const page of markdownPages(files)) {
    const text = readFileSync(join(root, page), 'utf8');
    problems.links.push(...checkLinks(root, page, text, exists));
    problems.paths.push(...checkPaths(page, text, exists));
  }
  for (const file of files) {
    if (!TEXT_EXTENSIONS.test(file) && !file.startsWith('.ci/')) continue;
    if (file === 'package-lock.json' || statSync(join(root, file)).size > 4_000_000) continue;
    const text = readFileSync(join(root, file), 'utf8');
    problems.citations.push(...checkCitations(root, file, text, exists));
    problems.absent.push(...checkAbsent(file, text));
  }
  const main = join(root, 'src', 'cli', 'main.ts');
  const readme = join(root, 'README.md');
  if (existsSync(main) && existsSync(readme)) {
    problems.commands = missingCommands(readFileSync(main, 'utf8'), readFileSync(readme, 'utf8')).map(
      (c) => `README.md: the command table has no row for carclab ${c}`,
    );
  }
  return problems;
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const root = resolve(process.argv[2] ?? fileURLToPath(new URL('..', import.meta.url)));
  const problems = checkDocs(root);
  for (const list of Object.values(problems)) for (const line of list) process.stderr.write(`${line}\n`);
  const counts = Object.entries(problems).map(([kind, list]) => `${kind} ${list.length}`);
  const total = Object.values(problems).reduce((n, list) => n + list.length, 0);
  process.stderr.write(`docs check: ${total} problem${total === 1 ? '' : 's'} (${counts.join(', ')})\n`);
  process.exitCode = total ? 1 : 0;
}
