/**
 * An empirical distribution of a rare, lumpy points metric, for the coverage simulation of
 * `--precision` (`coverage.ts`): the Labyrinth's points of one deal (the sum over the 3 players of
 * one game), as counted in 100,000 games of the advanced Labyrinth played by 3 `random` players
 * (one arm `{ players: 3, agents: 'random', expansions: ['labyrinth'], rules: { labyrinth: 'advanced' } }`,
 * rotation `cycle`, seed `e4`, `carclab run … --deals 100000 --keep-games`, summed from the
 * `labyrinth0…2` columns of `games.arrow`). `score.labyrinth` is this sum divided by the players:
 * mean 0.00825 points per player and deal, non-zero on 0.56 % of deals.
 */
export const LABYRINTH_POINTS = {
  players: 3,
  /** (points of the deal, deals with that many) */
  dealPoints: [
    [0, 99_438],
    [2, 308],
    [4, 61],
    [6, 33],
    [8, 145],
    [16, 6],
    [18, 9],
  ],
} as const satisfies { players: number; dealPoints: readonly (readonly [number, number])[] };
