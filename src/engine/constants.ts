/** Closed sets shared by the game setup and the state. */

/** The source of the points a seat starts with (`seatCompensation`): the last column of every breakdown. */
export const COMPENSATION_SOURCE = 'compensation';

/** The first follow-up code of a meeple (`turn.ts` `FOLLOW_MEEPLE`); 0 is doing nothing. */
export const FOLLOW_MEEPLE_CODE = 1;

/** Follow-up codes of the k-th expansion start at `ACTION_BLOCK * (k + 1)`. */
export const ACTION_BLOCK = 1024;

/** Most tiles in one game (start tile included): expansion follow-up codes index placed tiles within one block. */
export const MAX_TILES = ACTION_BLOCK;

export const MIN_PLAYERS = 2;
export const MAX_PLAYERS = 6;

/** The decisions of a turn, and the end (`State.phase`). */
export const PHASE_PLACE = 0;
export const PHASE_FOLLOW = 1;
export const PHASE_OVER = 2;
