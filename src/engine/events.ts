/**
 * Events a game sends to an optional sink: the log of `carclab show`/`replay`, and a hook for
 * metrics. A closed union; expansions report through the `expansion` member, whose kinds and
 * payloads each expansion declares as data (`EventKind`, with the text of its log line). When no
 * sink is set, nothing is built: every emitting site tests `state.sink` first.
 */

/** What an expansion event's payload field holds: a seat (-1: none), a whole number, or points scored. */
export type EventFieldType = 'player' | 'int' | 'points';
export type EventFields = Readonly<Record<string, EventFieldType>>;
/** A payload: a number for every declared field. */
export type EventData<F extends EventFields> = { readonly [K in keyof F]: number };

/** One kind of expansion event: its payload fields and the text of its log line. */
export interface EventKind<F extends EventFields = EventFields> {
  readonly fields: F;
  text(data: EventData<F>): string;
}
export type EventKinds = Readonly<Record<string, EventKind>>;

/** Declares an event kind; the text function's payload is typed from the fields. */
export function eventKind<const F extends EventFields>(fields: F, text: (data: EventData<F>) => string): EventKind<F> {
  return { fields, text };
}

export type GameEvent =
  | { type: 'tilePlaced'; turn: number; player: number; tile: string; x: number; y: number; rotation: number }
  | { type: 'tileDiscarded'; turn: number; player: number; tile: string }
  | { type: 'meeplePlaced'; turn: number; player: number; feature: string; segment: string; meepleKind?: string }
  | {
      type: 'featureScored';
      turn: number;
      feature: number;
      kind: string;
      final: boolean;
      tiles: number;
      points: number;
      winners: number[];
      meeples: number;
    }
  | { type: 'fieldScored'; winners: number[]; cities: number; points: number }
  | { type: 'expansion'; turn: number; expansion: string; kind: string; data: Readonly<Record<string, number>> }
  | { type: 'gameOver'; scores: number[] };

export type EventSink = (event: GameEvent) => void;
