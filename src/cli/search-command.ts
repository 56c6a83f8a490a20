/**
 * What the two search commands (`tune`, `balance`) share: the flags of where results go and how they
 * are printed, and the end of a search: a resume hint after Ctrl-C, or the result.
 */
import type { SearchOutcome } from '../run/search.ts';
import type { FlagSpec } from './args.ts';

/** `--out`, `--json` (its help) and `--new-run` (`replays`: what it plays again). */
export function searchOutputFlags(jsonHelp: string, replays: string): Record<string, FlagSpec> {
  return {
    out: { type: 'string', help: 'results root', default: 'results' },
    json: { type: 'boolean', help: jsonHelp },
    'new-run': {
      type: 'boolean',
      help: `play ${replays} again although runs of them by other code (an older engine) exist`,
    },
  };
}

/**
 * Prints how a search ended and returns the exit code: 130 with a resume hint when interrupted; else
 * the result with its directory as one JSON object (`json`), or the answer in words, the games played
 * and `pointer`, the line that says where to read on.
 */
export function printSearchOutcome<R extends object>(
  outcome: SearchOutcome<R>,
  json: boolean,
  answer: (result: R) => string,
  pointer: string,
): number {
  if (outcome.status === 'interrupted') {
    process.stderr.write(`carclab: interrupted; run the same command to resume ${outcome.dir}\n`);
    return 130;
  }
  const result = outcome.result!;
  if (json) process.stdout.write(`${JSON.stringify({ ...result, dir: outcome.dir })}\n`);
  else
    process.stdout.write(
      `${answer(result)}\nplayed ${outcome.gamesPlayed.toLocaleString('en')} games this session in ${outcome.wallSeconds.toFixed(1)} s\n${pointer}\n`,
    );
  return 0;
}
