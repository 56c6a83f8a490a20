/**
 * Type checks of hook code, for tests of what the hook contract lets an expansion do
 * (`src/engine/expansion.ts`): each probe is the body of an `endOfTurn` hook of a small expansion,
 * compiled with the project's compiler options as a file of its own beside this one (in memory),
 * and, when asked, together with the real expansions (`src/expansions/index.ts`). Returns each
 * probe's type errors and those found in the real expansions' sources. `compileProbes` does the same
 * for probes of any shape (the agents' view: `test/agents/agent-access.test.ts`).
 */
import { dirname, join } from 'node:path';
import ts from 'typescript';

const ROOT = join(import.meta.dirname, '..', '..');
const EXPANSIONS = join(ROOT, 'src', 'expansions', 'index.ts');

/** The probe expansion: one state field `mine`, one statistic `counted`, one score source `probe`. */
const probeFile = (body: string) => `import { defineExpansion } from '../../src/engine/index.ts';
export const probe = defineExpansion({
  name: 'probe', title: 'probe', stats: ['counted'], scoreSources: ['probe'],
  state: { mine: { type: 'i32', length: 1 } },
  setup: (ctx) => ({
    endOfTurn(state) {
      ${body}
    },
  }),
});
`;

export interface HookCompilation {
  /** Per probe name, its error messages (TS codes first), empty when it compiles. */
  probes: Record<string, string[]>;
  /** Errors in the real expansions' files. */
  expansions: string[];
}

const message = (d: ts.Diagnostic) => `TS${d.code}: ${ts.flattenDiagnosticMessageText(d.messageText, '\n')}`;

export function compileHooks(bodies: Record<string, string>, { withExpansions = false } = {}): HookCompilation {
  const { probes, errorsUnder } = compileProbes(
    join(ROOT, 'test', 'engine'),
    'hook-probe',
    bodies,
    probeFile,
    withExpansions ? [EXPANSIONS] : [],
  );
  return { probes, expansions: errorsUnder(dirname(EXPANSIONS)) };
}

/**
 * Compiles each body, made a file by `fileOf`, as a file of its own in `dir` (in memory, named
 * `prefix-i.ts`), with the project's compiler options, together with the real files `roots`. Returns
 * each probe's errors (by name; empty when it compiles) and a reader of the errors in the real files
 * under a folder.
 */
export function compileProbes(
  dir: string,
  prefix: string,
  bodies: Record<string, string>,
  fileOf: (body: string) => string,
  roots: readonly string[],
) {
  const config = ts.readConfigFile(join(ROOT, 'tsconfig.json'), ts.sys.readFile);
  const { options } = ts.parseJsonConfigFileContent(config.config, ts.sys, ROOT);
  options.noUnusedLocals = false;
  const files = new Map(
    Object.entries(bodies).map(([name, body], i) => [join(dir, `${prefix}-${i}.ts`), { name, text: fileOf(body) }]),
  );
  const host = ts.createCompilerHost(options);
  const { getSourceFile, fileExists, readFile } = host;
  host.fileExists = (file) => files.has(file) || fileExists.call(host, file);
  host.readFile = (file) => files.get(file)?.text ?? readFile.call(host, file);
  host.getSourceFile = (file, language, ...rest) => {
    const probe = files.get(file);
    return probe ? ts.createSourceFile(file, probe.text, language) : getSourceFile.call(host, file, language, ...rest);
  };
  const program = ts.createProgram([...files.keys(), ...roots], options, host);
  const probes: Record<string, string[]> = {};
  for (const [file, { name }] of files)
    probes[name] = ts.getPreEmitDiagnostics(program, program.getSourceFile(file)).map(message);
  const errorsUnder = (folder: string) =>
    program
      .getSourceFiles()
      .filter((f) => f.fileName.startsWith(folder))
      .flatMap((f) => ts.getPreEmitDiagnostics(program, f).map((d) => `${f.fileName}: ${message(d)}`));
  return { program, probes, errorsUnder };
}
