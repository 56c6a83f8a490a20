/** Closed sets shared by the game setup and the state. */

/**
 * The base game's score sources (`DESIGN.md` "Scenario files"): the first columns of every game's
 * score breakdown, at these indices. The game's expansions' own sources follow (each declares its
 * `scoreSources`), then `COMPENSATION_SOURCE` (`GameSetup.scoreSources`).
 */
export const BASE_SCORE_SOURCES = ['road', 'city', 'monastery', 'field'] as const;
export const SOURCE = Object.fromEntries(BASE_SCORE_SOURCES.map((s, i) => [s, i])) as Readonly<Record<(typeof BASE_SCORE_SOURCES)[number], number>>;
/** The source of the points a seat starts with (`seatCompensation`): the last column of every breakdown. */
export const COMPENSATION_SOURCE = 'compensation';

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
