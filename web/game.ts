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

/** Candidates shown per page of the move analysis. */
const PAGE_SIZE = 20;

const numberText = (v: number | null) => (v === null ? '–' : v > 0 ? `+${v}` : String(v));

/** The analysis's summary: who chose, by what, and where the move played ranks. */
function candidatesSummary(c: CandidatesView): HTMLElement {
  const gap = Math.round((c.best - c.chosen.value) * 100) / 100;
  const stage = c.stages[c.chosen.stage]?.name ?? 'value';
  const standing =
    c.rank === 1
      ? `the best (${stage} ${numberText(c.chosen.value)})`
      : `ranked ${c.rank} of ${c.count}, ${stage} ${numberText(c.chosen.value)}${c.chosen.stage === c.candidates[0]!.stage ? `, ${gap} below the best` : ''}`;
  return el(
    'div',
    { id: 'candidates-summary' },
    el(
      'p',
      {},
      `Turn ${c.turn}, P${c.seat} (${c.agent}): ${c.count} candidate moves. The move played is ${standing}.`,
      c.reproduced === false
        ? el(
            'strong',
            { class: 'error' },
            ' The agent, replayed with its own random stream, did not choose every move of this game: these values need not be the ones it chose by.',
          )
        : null,
    ),
    el('p', { class: 'method' }, el('small', {}, c.method)),
    el(
      'ul',
      { class: 'stages' },
      ...c.stages.map((s) => el('li', {}, el('small', {}, el('b', {}, s.name), `: ${s.about}`))),
    ),
  );
}

/** One page of the candidates, ranked as the agent ranks them, with the move played marked. */
function candidatesPage(c: CandidatesView, page: number, go: (page: number) => void): HTMLElement {
  const pages = Math.ceil(c.candidates.length / PAGE_SIZE);
  const first = page * PAGE_SIZE;
  const rows = c.candidates.slice(first, first + PAGE_SIZE);
  const playedPage = Math.floor(c.candidates.indexOf(c.candidates.find((x) => x.chosen)!) / PAGE_SIZE);
  const nav = el(
    'p',
    { class: 'pager' },
    button('◀ better', () => go(page - 1), { id: 'candidates-prev', disabled: page === 0 }),
    el('span', { id: 'candidates-page' }, ` ${first + 1}–${first + rows.length} of ${c.candidates.length} `),
    button('worse ▶', () => go(page + 1), { id: 'candidates-next', disabled: page >= pages - 1 }),
    page === playedPage ? null : button('the move played', () => go(playedPage), { id: 'candidates-played' }),
  );
  const body = table(
    ['rank', 'placement', 'follow-up', ...c.stages.map((s) => s.name), ''],
    rows.map((r, i) => [
      first + i + 1,
      r.placement,
      r.followUp,
      ...r.values.map(numberText),
      r.chosen ? el('b', {}, 'played') : '',
    ]),
    { id: 'candidates', class: 'cards' },
  );
  for (const [i, r] of rows.entries()) if (r.chosen) body.tBodies[0]!.rows[i]!.classList.add('played');
  return el('div', {}, nav, body);
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
  target.replaceChildren(el('p', {}, 'analysing… (the agent is replayed through the game with its own random stream)'));
  let c: CandidatesView;
  try {
    c = await api<CandidatesView>(`/api/candidates?${query({ ...gameQuery, turn })}`);
  } catch (error) {
    target.replaceChildren(el('p', { class: 'error' }, `The analysis failed: ${(error as Error).message}`));
    return;
  }
  const pageBox = el('div', { id: 'candidates-pages' });
  const go = (page: number) => pageBox.replaceChildren(candidatesPage(c, page, go));
  go(0);
  target.replaceChildren(candidatesSummary(c), pageBox);
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
