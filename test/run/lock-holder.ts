/**
 * A process that races for a run directory's lock (for `lock.test.ts`): loads, prints `ready`, waits
 * for a line on stdin, tries the lock, prints `got` (holding it until stdin closes) or `refused: …`.
 */
import { lockRunDir } from '../../src/run/run-dir.ts';

const [dir] = process.argv.slice(2);
process.stdout.write('ready\n');
process.stdin.once('data', () => {
  try {
    const lock = lockRunDir(dir!);
    process.stdout.write('got\n');
    process.stdin.once('end', () => lock.release());
  } catch (error) {
    process.stdout.write(`refused: ${(error as Error).message}\n`);
    process.exit(0);
  }
});
