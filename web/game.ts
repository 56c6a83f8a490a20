/**
 * A game move by move: the board after each turn (the server's board picture), a slider and the
 * arrow keys, the turn's changes, the scores and expected leads as a chart, the final breakdown, and
 * on demand the mover's candidate moves with the agent's values. `Stepper` and `turnPanel` serve the
 * paired view too.
 */
import type { CandidatesView, GameView, TurnChange } from '../src/serve/api-types.ts';
import { embedSpec, gameChartSpec } from './charts.ts';
import { api, button, el, query, seatList, table } from './dom.ts';

export function changeText(c: TurnChange): string {
  switch (c.kind) {
    case 'placed':
      return `places ${c.tile} at (${c.x},${c.y}) rotation ${c.rotation}`;
    case 'discarded':
      return `draws ${c.tile}, which fits nowhere: discarded`;
    case 'meeple':
      return `${c.meepleKind ? `${c.meepleKind} ` : ''}meeple on ${c.segment}`;
    case 'scored':
      return `${c.final ? 'final: ' : ''}${c.feature} of ${c.tiles} tile(s), ${c.meeples} meeple(s): ${c.points} to ${seatList(c.winners)}`;
    case 'field':
      return `final: field bordering ${c.cities} completed cit${c.cities === 1 ? 'y' : 'ies'}: ${c.points} to ${seatList(c.winners)}`;
    case 'expansion':
      return `${c.expansion}: ${c.text}`;
  }
}

/** A slider over turns 0..last with buttons and the arrow keys; calls `show` on every change. */
export class Stepper {
  readonly element: HTMLElement;
  private readonly slider: HTMLInputElement;
  private readonly label: HTMLElement;
  private readonly onKey = (e: KeyboardEvent) => {
    if (!this.element.isConnected) return document.removeEventListener('keydown', this.onKey);
    if (e.target instanceof HTMLInputElement && e.target.type !== 'range') return;
    if (e.key === 'ArrowRight') this.go(this.turn + 1);
    else if (e.key === 'ArrowLeft') this.go(this.turn - 1);
    else return;
    e.preventDefault();
  };

  constructor(
    private readonly last: number,
    private readonly show: (turn: number) => void,
    start = 0,
  ) {
    this.slider = el('input', { type: 'range', min: 0, max: last, value: start, id: 'turn-slider' });
    this.slider.addEventListener('input', () => this.go(Number(this.slider.value)));
    this.label = el('span', { id: 'turn-label' });
    this.element = el(
      'div',
      { class: 'stepper' },
      button('◀', () => this.go(this.turn - 1), { id: 'prev' }),
      this.slider,
      button('▶', () => this.go(this.turn + 1), { id: 'next' }),
      this.label,
    );
    document.addEventListener('keydown', this.onKey);
    this.go(start);
  }

  get turn(): number {
    return Number(this.slider.value);
  }

  go(turn: number): void {
    const t = Math.max(0, Math.min(this.last, turn));
    this.slider.value = String(t);
    this.label.textContent = `turn ${t} of ${this.last}`;
    this.show(t);
  }
}

/** The board and the changes of one game at a turn; `update(turn)` moves it. */
export function turnPanel(
  view: GameView,
  gameQuery: Record<string, string | number | undefined>,
  id: string,
): { element: HTMLElement; update(turn: number): void } {
  const board = el('img', { class: 'board', alt: 'board', id: `${id}-board` });
  const changes = el('ul', { class: 'changes', id: `${id}-changes` });
  const scores = el('p', { class: 'scores', id: `${id}-scores` });
  return {
    element: el('div', { class: 'panel' }, board, el('div', {}, changes, scores)),
    update(turn: number) {
      board.src = `/api/board?${query({ ...gameQuery, turn })}`;
      const t = view.turns[turn - 1];
      changes.replaceChildren(
        ...(t
          ? [
              el('li', { class: 'mover' }, view.seats[t.seat]!.label),
              ...t.changes.map((c) => el('li', {}, changeText(c))),
              el('li', {}, `follow-up: ${t.followUp}`),
            ]
          : [el('li', {}, 'start tile')]),
      );
      scores.textContent = t
        ? `scores ${t.scores.join(' / ')}; expected lead ${t.expectedLead.map((v) => (v > 0 ? `+${v}` : String(v))).join(' / ')}`
        : '';
    },
  };
}

export function breakdownTable(view: GameView, id = 'final-table'): HTMLTableElement {
  const sources = Object.keys(view.final.breakdown[0] ?? {}).filter((s) =>
    view.final.breakdown.some((b) => b[s] !== 0),
  );
  return table(
    ['seat', ...sources, 'total'],
    view.seats.map((s, p) => [
      s.label,
      ...sources.map((src) => view.final.breakdown[p]![src] ?? 0),
      view.final.scores[p],
    ]),
    { id },
  );
}

async function showCandidates(
  target: HTMLElement,
  gameQuery: Record<string, string | number | undefined>,
  turn: number,
): Promise<void> {
  if (turn < 1) {
    target.replaceChildren(el('p', {}, 'Step to a turn to analyse its move.'));
    return;
  }
  target.replaceChildren(el('p', {}, 'analysing…'));
  const c = await api<CandidatesView>(`/api/candidates?${query({ ...gameQuery, turn })}`);
  const gap = Math.round((c.best - c.chosen.value) * 100) / 100;
  const rows = c.top.includes(c.chosen) || c.top.some((t) => t.chosen) ? c.top : [...c.top, c.chosen];
  target.replaceChildren(
    el(
      'p',
      { id: 'candidates-summary' },
      `Turn ${c.turn}, P${c.seat} (${c.agent}): ${c.count} candidate moves. The move played is worth ${c.chosen.value}, ${gap === 0 ? 'the best' : `${gap} below the best (${c.best})`}. `,
      el(
        'small',
        {},
        `Values: the one-ply rule-aware evaluation with ${c.weights} (own expected total minus the best opponent's after the move); a search agent chose by its search.`,
      ),
    ),
    table(
      ['placement', 'follow-up', 'value', ''],
      rows.map((r) => [r.placement, r.followUp, r.value, r.chosen ? 'played' : '']),
      { id: 'candidates' },
    ),
  );
}

export async function gameViewPage(app: HTMLElement, params: URLSearchParams): Promise<void> {
  const gameQuery = {
    run: params.get('run') ?? '',
    arm: params.get('arm') ?? undefined,
    deal: params.get('deal') ?? undefined,
    rotation: params.get('rotation') ?? undefined,
  };
  const view = await api<GameView>(`/api/game?${query(gameQuery)}`);
  const panel = turnPanel(view, gameQuery, 'game');
  const candidates = el('div', { id: 'analysis' });
  const chart = el('div', { class: 'chart', id: 'game-chart' });
  app.replaceChildren(
    el('h1', {}, view.title),
    el(
      'p',
      {},
      `${view.seats.map((s) => s.label).join(', ')}; ${view.expansions.join(', ') || 'base game'}; rules ${
        Object.entries(view.rules)
          .map(([k, v]) => `${k}=${v}`)
          .join(', ') || 'official'
      }`,
    ),
    el('p', {}, el('a', { href: `#/run?${query({ run: gameQuery.run })}` }, '← the run')),
  );
  const stepper = new Stepper(view.turns.length, (turn) => {
    panel.update(turn);
    candidates.replaceChildren();
  });
  app.append(
    stepper.element,
    panel.element,
    el(
      'p',
      {},
      button('analyse this move', () => void showCandidates(candidates, gameQuery, stepper.turn), { id: 'analyse' }),
    ),
    candidates,
    el('h2', {}, 'Scores and expected lead'),
    chart,
    el('h2', {}, 'Final scores'),
    breakdownTable(view),
  );
  await embedSpec(
    chart,
    gameChartSpec(
      view.turns,
      view.seats.map((s) => s.label),
    ),
  );
}
