/**
 * Events a game sends to an optional sink: the log of `carclab show`/`replay`, and a hook for
 * metrics. A closed union; expansions report through the `expansion` member. When no sink is set,
 * nothing is built.
 */

export type GameEvent =
  | { type: 'tilePlaced'; turn: number; player: number; tile: string; x: number; y: number; rotation: number }
  | { type: 'tileDiscarded'; turn: number; player: number; tile: string }
  | { type: 'meeplePlaced'; turn: number; player: number; feature: string; segment: string }
  | {
      type: 'featureScored'; turn: number; feature: number; kind: string; final: boolean; tiles: number;
      points: number; winners: number[]; meeples: number;
    }
  | { type: 'fieldScored'; winners: number[]; cities: number; points: number }
  | { type: 'expansion'; turn: number; expansion: string; what: string; player: number; points: number; detail: string }
  | { type: 'gameOver'; scores: number[] };

export type EventSink = (event: GameEvent) => void;
