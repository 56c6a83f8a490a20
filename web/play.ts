/**
 * Play against the agents: a form to set up a game (players, seats, expansions, rules, seed), then
 * the rules in force, the board (zoom and fit) with the legal cells of the drawn tile outlined and the
 * tile to place beside it. Click a cell, rotate (button or R) among its legal rotations, pick a
 * meeple's spot on the placed tile (or nothing, or an expansion's action), confirm; the agents answer.
 */
import type { AgentInfo, LegalCell, PlayPreview, PlayRequest, PlayState } from '../src/serve/api-types.ts';
import { api, button, el, fileUrl, query, table } from './dom.ts';
import { BoardView, drawnTile, followUpChooser, rulesInForce } from './play-parts.ts';

export async function playSetupPage(app: HTMLElement): Promise<void> {
  const [agents, expansions] = await Promise.all([api<AgentInfo[]>('/api/agents'), api<string[]>('/api/expansions')]);
  const players = el('select', { id: 'players' }, ...[2, 3, 4, 5, 6].map((n) => el('option', { value: n }, n)));
  const seats = el('div', { id: 'seats' });
  const seatChoice = (s: number) =>
    el(
      'select',
      { class: 'seat', 'data-seat': s },
      el('option', { value: 'human', selected: s === 0 }, 'human'),
      ...agents.map((a) =>
        el('option', { value: a.name, title: a.description, selected: s > 0 && a.name === 'greedy' }, a.name),
      ),
    );
  const drawSeats = () =>
    seats.replaceChildren(
      ...Array.from({ length: Number(players.value) }, (_, s) => el('label', {}, `P${s} `, seatChoice(s))),
    );
  players.addEventListener('change', drawSeats);
  drawSeats();
  const boxes = expansions.map((name) => el('input', { type: 'checkbox', value: name, class: 'expansion' }));
  const rules = el('input', { id: 'rules', placeholder: 'e.g. farmers=off, cityPointsPerTile=3', size: 40 });
  const seed = el('input', { id: 'seed', value: `play-${Date.now() % 100000}` });
  const message = el('p', { class: 'error', id: 'play-error' });
  const start = async () => {
    const parsedRules: Record<string, string | number> = {};
    for (const part of rules.value
      .split(',')
      .map((p) => p.trim())
      .filter(Boolean)) {
      const [name, value] = part.split('=').map((x) => x.trim());
      if (!name || value === undefined) throw new Error(`rules: write name=value, got ${JSON.stringify(part)}`);
      parsedRules[name] = /^-?\d+(\.\d+)?$/.test(value) ? Number(value) : value;
    }
    const request: PlayRequest = {
      players: Number(players.value),
      seats: [...seats.querySelectorAll('select')].map((s) => s.value),
      expansions: boxes.filter((b) => b.checked).map((b) => b.value),
      rules: parsedRules,
      seed: seed.value,
    };
    const state = await api<PlayState>('/api/play', request);
    location.hash = `#/play?${query({ id: state.id })}`;
  };
  app.replaceChildren(
    el('h1', {}, 'Play against the agents'),
    el('p', {}, 'players ', players),
    seats,
    el('p', {}, 'expansions ', ...boxes.flatMap((b) => [el('label', {}, b, ` ${b.value}`), ' '])),
    el('p', {}, 'rules ', rules),
    el('p', {}, 'seed ', seed),
    button(
      'start',
      () =>
        start().catch((e: Error) => {
          message.textContent = e.message;
        }),
      { id: 'start' },
    ),
    message,
  );
}

export async function playPage(app: HTMLElement, params: URLSearchParams): Promise<void> {
  const id = params.get('id') ?? '';
  let state = await api<PlayState>(`/api/play/${encodeURIComponent(id)}`);
  let cell: LegalCell | null = null;
  let rotationIndex = 0;
  let preview: PlayPreview | null = null;
  let followUp = 0;
  const view = new BoardView();
  const rules = el('div', {});
  const side = el('div', { class: 'play-side' });
  const message = el('p', { class: 'error', id: 'play-error' });
  app.replaceChildren(el('h1', {}, 'Play'), rules, el('div', { class: 'play' }, view.element, side), message);

  const fail = (e: Error) => {
    message.textContent = e.message;
  };
  const choose = async (c: LegalCell, r: number) => {
    cell = c;
    rotationIndex = r % c.rotations.length;
    preview = await api<PlayPreview>(
      `/api/play/${encodeURIComponent(id)}/preview?${query({ placement: c.rotations[rotationIndex]!.action })}`,
    );
    followUp = preview.followUps[0]!.action;
    draw();
  };
  const rotate = () => {
    if (cell) void choose(cell, rotationIndex + 1).catch(fail);
  };
  const confirm = async () => {
    if (!cell) return;
    state = await api<PlayState>(`/api/play/${encodeURIComponent(id)}/move`, {
      placement: cell.rotations[rotationIndex]!.action,
      followUp,
    });
    cell = null;
    preview = null;
    draw();
  };
  const select = (action: number) => {
    followUp = action;
    draw();
  };
  const onKey = (e: KeyboardEvent) => {
    if (!app.contains(view.element)) return document.removeEventListener('keydown', onKey);
    if (e.key === 'r' || e.key === 'R') rotate();
    if (e.key === 'Enter') void confirm().catch(fail);
  };
  document.addEventListener('keydown', onKey);

  /** A seat's meeples in supply: the plain ones, then each other kind's (`6 + 1 big`). */
  function supply(p: number): string {
    const n = state.seats.length;
    return state.meepleKinds
      .map((kind, k) => (k === 0 ? `${state.meeplesLeft[p]}` : ` + ${state.meeplesLeft[k * n + p]} ${kind}`))
      .join('');
  }

  /** What the human does now: the tile to place, or the placed tile's rotation and follow-ups. */
  function turnParts(): (HTMLElement | null)[] {
    if (cell && preview)
      return [
        el(
          'p',
          {},
          `${state.drawn} at (${cell.x},${cell.y}), rotation ${cell.rotations[rotationIndex]!.rotation}° `,
          cell.rotations.length > 1 ? button('rotate (R)', rotate, { id: 'rotate' }) : null,
        ),
        followUpChooser(preview, followUp, select),
        button('confirm (Enter)', () => void confirm().catch(fail), { id: 'confirm' }),
      ];
    if (state.humanToMove) return [drawnTile(state), el('p', {}, 'Click an outlined cell to place the tile there.')];
    return [];
  }

  function finalParts(): (HTMLElement | null)[] {
    const final = state.final;
    if (!state.over || !final) return [];
    const sources = Object.keys(final.breakdown[0] ?? {}).filter((s) => final.breakdown.some((b) => b[s] !== 0));
    return [
      table(
        ['seat', ...sources, 'total'],
        state.seats.map((s, p) => [
          `P${p} (${s})`,
          ...sources.map((src) => final.breakdown[p]![src] ?? 0),
          final.scores[p],
        ]),
        { id: 'play-final' },
      ),
      state.saved
        ? el(
            'p',
            { id: 'play-saved' },
            'Saved as ',
            el('a', { href: fileUrl(state.saved.scenario), id: 'saved-scenario' }, state.saved.scenario),
            ' (carclab replay plays it) and as the run ',
            el('a', { href: `#/run?${query({ run: state.saved.run })}` }, state.saved.run),
            '.',
          )
        : null,
      state.notSaved ? el('p', { class: 'error', id: 'play-not-saved' }, state.notSaved) : null,
    ];
  }

  function draw(): void {
    message.textContent = '';
    rules.replaceChildren(rulesInForce(state));
    view.draw(state, cell, preview, (c) => void choose(c, 0).catch(fail));
    const status = state.over
      ? el('p', { id: 'play-status' }, `Game over: ${state.final!.scores.map((s, p) => `P${p} ${s}`).join(', ')}`)
      : el(
          'p',
          { id: 'play-status' },
          `Turn ${state.turn}: P${state.seat} (${state.seats[state.seat]}) places ${state.drawn}; ${state.tilesLeft} tiles left.`,
        );
    const parts: (HTMLElement | null)[] = [
      status,
      ...turnParts(),
      table(
        ['seat', 'score', 'meeples'],
        state.seats.map((s, p) => [`P${p} (${s})`, state.scores[p], supply(p)]),
        { id: 'play-scores' },
      ),
      state.log.length
        ? el(
            'details',
            { open: true },
            el('summary', {}, 'last moves'),
            el('ul', { id: 'play-log' }, ...state.log.map((l) => el('li', {}, l))),
          )
        : null,
      ...finalParts(),
    ];
    side.replaceChildren(...parts.filter((p): p is HTMLElement => p !== null));
  }
  draw();
}
