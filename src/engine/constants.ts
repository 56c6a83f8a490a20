/** Closed sets shared by the game setup and the state. */

/** Score sources, the columns of every score breakdown (`DESIGN.md` "Scenario files"). */
export const SCORE_SOURCES = ['road', 'city', 'monastery', 'field', 'toll', 'labyrinth', 'king', 'robber', 'compensation'] as const;
export type ScoreSource = (typeof SCORE_SOURCES)[number];
export const SOURCE: Readonly<Record<ScoreSource, number>> = Object.fromEntries(SCORE_SOURCES.map((s, i) => [s, i])) as Record<ScoreSource, number>;

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
