/**
 * `--svg FILE` and `--png FILE` of `carclab show` and `carclab replay`: the board of a game drawn
 * with the board-picture renderer (src/charts/board/), each file written atomically.
 */
import { InputError } from '../engine/index.ts';
import type { State } from '../engine/index.ts';
import { renderBoardPNG, renderBoardSVG } from '../charts/board/index.ts';
import type { BoardOptions } from '../charts/board/index.ts';
import { writeAtomic } from '../run/files.ts';
import type { FlagSpec } from './args.ts';

export const BOARD_FLAGS: Record<'svg' | 'png', FlagSpec> = {
  svg: { type: 'string', help: 'also draw the final board as SVG into this file' },
  png: { type: 'string', help: 'also draw the final board as PNG into this file' },
};

/** Checks the flags before any game is played. */
export function checkBoardFlags(flags: Record<string, string | boolean | undefined>): void {
  for (const name of ['svg', 'png'] as const) {
    if (flags[name] !== undefined && (typeof flags[name] !== 'string' || flags[name] === ''))
      throw new InputError('usage', `--${name} needs a file name`);
  }
}

/** Writes the requested pictures of `state`; returns the files written. */
export function writeBoardImages(
  state: State,
  flags: Record<string, string | boolean | undefined>,
  options: BoardOptions,
): string[] {
  const written: string[] = [];
  const write = (file: string, data: string | Uint8Array) => {
    try {
      writeAtomic(file, data);
    } catch (error) {
      throw new InputError(
        'usage',
        `cannot write ${file} (${(error as NodeJS.ErrnoException).code ?? (error as Error).message})`,
      );
    }
    written.push(file);
  };
  if (typeof flags.svg === 'string') write(flags.svg, renderBoardSVG(state, options));
  if (typeof flags.png === 'string') write(flags.png, renderBoardPNG(state, options));
  return written;
}
