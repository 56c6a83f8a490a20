/** Text output shared by commands: one line per game event, and score tables. */
import type { Expansion, GameEvent } from '../engine/index.ts';
import { registeredScoreSources } from '../expansions/index.ts';

const who = (players: number[]) => (players.length ? players.map((p) => `P${p}`).join('+') : 'nobody');

/** The log line of an event; an expansion's event reads as its declared kind's text (`expansions`: the game's). */
export function formatEvent(e: GameEvent, expansions: readonly Expansion[]): string {
  switch (e.type) {
    case 'tilePlaced':
      return `turn ${e.turn}: P${e.player} places ${e.tile} at (${e.x},${e.y}) rotation ${e.rotation}`;
    case 'tileDiscarded':
      return `turn ${e.turn}: P${e.player} draws ${e.tile}, which fits nowhere: discarded`;
    case 'meeplePlaced':
      return `turn ${e.turn}: P${e.player} puts a ${e.meepleKind ? `${e.meepleKind} ` : ''}meeple on ${e.segment}`;
    case 'featureScored':
      return `${e.final ? 'final' : `turn ${e.turn}`}: ${e.kind} of ${e.tiles} tile(s), ${e.meeples} meeple(s): ${e.points} to ${who(e.winners)}`;
    case 'fieldScored':
      return `final: field bordering ${e.cities} completed cit${e.cities === 1 ? 'y' : 'ies'}: ${e.points} to ${who(e.winners)}`;
    case 'expansion': {
      const kind = expansions.find((x) => x.name === e.expansion)?.events?.[e.kind];
      if (!kind)
        throw new Error(`event ${e.kind} of expansion ${e.expansion} is not declared by the game's expansions`);
      return `turn ${e.turn}: ${e.expansion}: ${kind.text(e.data)}`;
    }
    case 'gameOver':
      return `game over: ${e.scores.join(' / ')}`;
  }
}

/**
 * The final scores by source: the sources the game has (`game.scoreSources`: the base game's, its
 * expansions', in the registry's order), `compensation` only when a seat started with points, so a
 * base game shows no empty toll, labyrinth or King columns.
 */
export function scoreTable(
  breakdown: readonly Record<string, number>[],
  scores: readonly number[],
  gameSources: readonly string[],
): string {
  const sources = registeredScoreSources().filter(
    (s) => gameSources.includes(s) && (s !== 'compensation' || breakdown.some((b) => (b[s] ?? 0) !== 0)),
  );
  const header = ['player', ...sources, 'total'];
  const rows = breakdown.map((b, p) => [`P${p}`, ...sources.map((s) => String(b[s] ?? 0)), String(scores[p])]);
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
  const line = (cells: string[]) =>
    cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join('  ');
  return [line(header), ...rows.map(line)].join('\n');
}
