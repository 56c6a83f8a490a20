/** `carclab replay FILE [--json] [--no-final]`: plays a scenario file and prints the scores. */
import { dirname, resolve } from 'node:path';
import { replayResult, replayState } from '../engine/scenario.ts';
import { InputError } from '../engine/index.ts';
import type { GameEvent } from '../engine/index.ts';
import { expansionRegistry } from '../expansions/index.ts';
import type { Command } from './args.ts';
import { readJsonFile } from '../run/files.ts';
import { BOARD_FLAGS, checkBoardFlags, writeBoardImages } from './board.ts';
import { formatEvent, scoreTable } from './format.ts';

export const replayCommand: Command = {
  name: 'replay',
  usage: 'carclab replay FILE [--json] [--no-final] [--svg FILE] [--png FILE]',
  summary:
    'Plays a scenario file turn by turn and prints the scores after final scoring. An illegal turn is an error naming the turn (exit 2).',
  flags: {
    json: { type: 'boolean', help: 'print the result as JSON only' },
    'no-final': { type: 'boolean', help: 'stop before final scoring' },
    ...BOARD_FLAGS,
  },
  async run(positionals, flags) {
    const [file, ...rest] = positionals;
    if (file === undefined || rest.length) throw new InputError('usage', `usage: ${replayCommand.usage}`);
    checkBoardFlags(flags);
    const events: GameEvent[] = [];
    const state = replayState(readJsonFile(file, 'scenario'), expansionRegistry, {
      where: file,
      noFinal: flags['no-final'] === true,
      sink: (e) => events.push(e),
      // A designer tile file the scenario names, relative to the scenario file.
      readTileFile: (path) => {
        const where = `${file}: tile file ${path}`;
        return { data: readJsonFile(resolve(dirname(file), path), 'catalog', where), where };
      },
    });
    const result = replayResult(state, expansionRegistry);
    // Pictures and output only once the whole scenario is known to be legal.
    for (const written of writeBoardImages(state, flags, { title: file, highlight: 'last' }))
      process.stderr.write(`board: ${written}\n`);
    if (flags.json) {
      process.stdout.write(`${JSON.stringify(result, null, 2)}\n`);
    } else {
      process.stdout.write(
        `${events.map((e) => formatEvent(e, state.game.expansions)).join('\n')}\n\n${scoreTable(result.breakdown, result.scores, state.game.scoreSources)}\n`,
      );
    }
    return 0;
  },
};
