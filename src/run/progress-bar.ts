/**
 * The progress bar of every command and notebook that plays games: one line on stderr that fits the
 * terminal, moving per game (the runner reports games inside running shards), with games/s and an
 * ETA from this session's rate. Redrawn in place on a terminal; off one (a notebook's log, CI) a full
 * line every 2 s, 80 columns wide.
 */
import cliProgress from 'cli-progress';

/** What the bar shows: games done of the total, and the session's rate (null before its first game). */
export interface BarState {
  done: number;
  total: number;
  /** Games per second this session, or null while none has been played. */
  rate: number | null;
}

const count = (n: number) => Math.round(n).toLocaleString('en');
/** Games/s with the digits a slow run needs: `12,345`, `42.5`, `0.14` (a search plays under one game a second). */
export const rateText = (r: number): string => (r >= 100 ? count(r) : r >= 10 ? r.toFixed(1) : r.toPrecision(2));

/** `42s`, `3m 05s`, `2h 03m`; `?` when unknown. */
export function durationText(seconds: number | null): string {
  if (seconds === null || !Number.isFinite(seconds)) return '?';
  const s = Math.max(0, Math.round(seconds));
  if (s < 60) return `${s}s`;
  if (s < 3600) return `${Math.floor(s / 60)}m ${String(s % 60).padStart(2, '0')}s`;
  return `${Math.floor(s / 3600)}h ${String(Math.floor((s % 3600) / 60)).padStart(2, '0')}m`;
}

/**
 * The progress line for a terminal `columns` wide: bar, percentage, games, games/s and ETA (the games
 * left at this session's rate; `?` until a game is played). It never reaches the last column (a
 * terminal would wrap it): the bar shrinks first, then goes, then the rate; a line that still does
 * not fit is cut, never wrapped mid-word.
 */
export function progressLine(label: string, state: BarState, columns: number): string {
  const width = Math.max(1, columns - 1 - label.length - 1);
  const fraction = state.total > 0 ? Math.min(1, state.done / state.total) : 1;
  const percent = `${Math.floor(fraction * 100)}%`;
  const games = `${count(state.done)}/${count(state.total)}`;
  const rate = state.rate === null ? '- games/s' : `${rateText(state.rate)} games/s`;
  const eta = `ETA ${state.done >= state.total ? '0s' : durationText(state.rate ? (state.total - state.done) / state.rate : null)}`;
  const tails = [
    `${percent} | ${games} games | ${rate} | ${eta}`,
    `${percent} | ${games} | ${rate} | ${eta}`,
    `${percent} | ${games} | ${eta}`,
    `${percent} ${eta}`,
  ];
  for (const tail of tails) {
    const room = width - tail.length - 3; // "[" "] "
    if (room >= 10) {
      const bar = Math.min(40, room);
      const full = Math.round(fraction * bar);
      return `${label} [${'█'.repeat(full)}${'░'.repeat(bar - full)}] ${tail}`;
    }
  }
  return `${label} ${tails.find((tail) => tail.length <= width) ?? tails[tails.length - 1]!.slice(0, width)}`.slice(
    0,
    Math.max(1, columns - 1),
  );
}

/**
 * A progress bar on stderr (`progressLine`): redrawn in place on a terminal, a full line every 2 s off
 * one (80 columns there). The rate counts the games since the bar started.
 */
export function progressBar(label = 'games'): cliProgress.SingleBar {
  const tty = Boolean(process.stderr.isTTY);
  let first: number | undefined;
  return new cliProgress.SingleBar({
    format: (_options, params) => {
      first ??= params.value;
      const seconds = (Date.now() - params.startTime) / 1000;
      const played = params.value - first;
      const state = {
        done: params.value,
        total: params.total,
        rate: played > 0 && seconds > 0 ? played / seconds : null,
      };
      return progressLine(label, state, tty ? params.maxWidth : 80);
    },
    stream: process.stderr,
    noTTYOutput: !tty,
    notTTYSchedule: 2000,
    hideCursor: tty,
  });
}
