/**
 * Shape check: the functions longer than 80 lines and the files longer than 400 lines under src/,
 * the two limits of the code style (a reader should see a function whole and a file's parts by name).
 *
 *   npx tsx scripts/long-functions.ts [--function-lines 80] [--file-lines 400] [ROOT]
 *
 * A function is every function declaration, method, constructor, accessor, function expression and
 * arrow function; its length counts the lines from its first to its last, the lines of the functions
 * nested in it included, so a nested long function is listed with its parent. Arrow functions take the
 * name of the variable, property or call argument they stand in. Files count all their lines. Prints
 * one line per long function and file, longest first, then the two counts; exits 0 (it measures, it
 * does not fail).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { InputError, isInputError } from '../src/engine/index.ts';
import { parseFlags } from '../src/run/flags.ts';

export interface FunctionLength {
  file: string;
  name: string;
  /** 1-based line of the function's first line. */
  line: number;
  lines: number;
}

/** Lines of `text`, a final newline not starting one more. */
function lineCount(text: string): number {
  if (text.length === 0) return 0;
  const newlines = text.split('\n').length - 1;
  return text.endsWith('\n') ? newlines : newlines + 1;
}

function isFunctionLike(node: ts.Node): node is ts.FunctionLikeDeclaration {
  return (
    ts.isFunctionDeclaration(node) ||
    ts.isMethodDeclaration(node) ||
    ts.isConstructorDeclaration(node) ||
    ts.isGetAccessorDeclaration(node) ||
    ts.isSetAccessorDeclaration(node) ||
    ts.isFunctionExpression(node) ||
    ts.isArrowFunction(node)
  );
}

/** The name a reader would look the function up by: its own, or that of what holds it. */
function functionName(node: ts.FunctionLikeDeclaration, source: ts.SourceFile): string {
  if (ts.isConstructorDeclaration(node)) return 'constructor';
  if (node.name) return node.name.getText(source);
  const parent = node.parent;
  if (
    (ts.isVariableDeclaration(parent) || ts.isPropertyAssignment(parent) || ts.isPropertyDeclaration(parent)) &&
    parent.name
  ) {
    return parent.name.getText(source);
  }
  if (ts.isCallExpression(parent)) return `(argument of ${parent.expression.getText(source).slice(0, 40)})`;
  return '(anonymous)';
}

/** Every function of one TypeScript source with its length in lines. */
export function functionLengths(file: string, text: string): FunctionLength[] {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
  const out: FunctionLength[] = [];
  const visit = (node: ts.Node): void => {
    if (isFunctionLike(node) && node.body) {
      const first = source.getLineAndCharacterOfPosition(node.getStart(source)).line;
      const last = source.getLineAndCharacterOfPosition(node.getEnd()).line;
      out.push({ file, name: functionName(node, source), line: first + 1, lines: last - first + 1 });
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return out;
}

/** The TypeScript files under `dir`, relative to `root`, with `/`. */
function sourceFiles(root: string, dir: string): string[] {
  const out: string[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) out.push(...sourceFiles(root, path));
    else if (/\.(ts|mts)$/.test(entry.name) && !entry.name.endsWith('.d.ts')) {
      out.push(relative(root, path).split(sep).join('/'));
    }
  }
  return out.sort();
}

export interface ShapeReport {
  functions: FunctionLength[];
  files: { file: string; lines: number }[];
}

/** The functions over `functionLimit` lines and the files over `fileLimit` lines under `root`/src, longest first. */
export function shapeReport(root: string, functionLimit = 80, fileLimit = 400): ShapeReport {
  const functions: FunctionLength[] = [];
  const files: { file: string; lines: number }[] = [];
  for (const file of sourceFiles(root, join(root, 'src'))) {
    const text = readFileSync(join(root, file), 'utf8');
    const lines = lineCount(text);
    if (lines > fileLimit) files.push({ file, lines });
    functions.push(...functionLengths(file, text).filter((f) => f.lines > functionLimit));
  }
  functions.sort((a, b) => b.lines - a.lines || a.file.localeCompare(b.file) || a.line - b.line);
  files.sort((a, b) => b.lines - a.lines || a.file.localeCompare(b.file));
  return { functions, files };
}

/** A positive whole number of lines given to `flag`, or an input error naming it. */
function limit(value: string | boolean | undefined, flag: string, fallback: number): number {
  if (value === undefined) return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 1)
    throw new InputError('usage', `--${flag} wants a whole number of lines above 0, got "${value}"`);
  return n;
}

function main(): void {
  let functionLimit: number;
  let fileLimit: number;
  let root: string;
  try {
    const { flags, positionals } = parseFlags(process.argv.slice(2), {
      'function-lines': { type: 'string' },
      'file-lines': { type: 'string' },
    });
    functionLimit = limit(flags['function-lines'], 'function-lines', 80);
    fileLimit = limit(flags['file-lines'], 'file-lines', 400);
    root = resolve(positionals[0] ?? join(import.meta.dirname, '..'));
  } catch (error) {
    if (!isInputError(error)) throw error;
    process.stderr.write(`long-functions: ${(error as Error).message}\n`);
    process.exit(2);
  }
  const { functions, files } = shapeReport(root, functionLimit, fileLimit);
  console.log(`functions over ${functionLimit} lines:`);
  for (const f of functions) console.log(`  ${String(f.lines).padStart(4)}  ${f.file}:${f.line}  ${f.name}`);
  console.log(`files over ${fileLimit} lines:`);
  for (const f of files) console.log(`  ${String(f.lines).padStart(4)}  ${f.file}`);
  console.log(
    `${functions.length} functions over ${functionLimit} lines, ${files.length} files over ${fileLimit} lines`,
  );
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) main();
