/**
 * What the explorer computes on demand about a position: the board picture after a turn, and the
 * task of analysing a turn's candidate moves, which an agent thread carries out (`explain.ts`).
 */
import { renderBoard } from '../charts/board/index.ts';
import type { ExplainTask } from './explain.ts';
import { stateAfter, turnCount } from './games.ts';
import type { GameRecord } from './games.ts';
import { HttpError } from './http.ts';

/** The board after `turn` turns (0: the start tile), the last tile outlined, as SVG. */
export function boardAfter(record: GameRecord, turn: number): string {
  if (turn < 0 || turn > turnCount(record)) throw new HttpError(400, `"turn" must be 0 to ${turnCount(record)}`);
  const state = stateAfter(record, turn);
  return renderBoard(state, {
    highlight: 'last',
    title: record.title,
    subtitle: [`after turn ${turn} of ${turnCount(record)}`],
    playerNames: record.seats.map((s) => s.label),
  }).svg;
}

/** The task of analysing turn `turn` (1-based) of a record, for an agent thread (`explain.ts`). */
export function explainTask(record: GameRecord, turn: number): ExplainTask {
  if (turn < 1 || turn > turnCount(record)) throw new HttpError(400, `"turn" must be 1 to ${turnCount(record)}`);
  return { kind: 'explain', origin: record.origin, actions: record.actions.slice(0, 2 * turn), turn };
}
