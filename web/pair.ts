/** One deal under two arms side by side, in step, with a jump to the first turn where they part. */
import type { PairView } from '../src/serve/api-types.ts';
import { api, button, el, query } from './dom.ts';
import { breakdownTable, Stepper, turnPanel } from './game.ts';
import { showFlips } from './runs.ts';

export async function pairViewPage(app: HTMLElement, params: URLSearchParams): Promise<void> {
  const run = params.get('run') ?? '';
  const a = params.get('a') ?? '';
  const b = params.get('b') ?? '';
  const pair = await api<PairView>(
    `/api/pair?${query({ run, a, b, deal: params.get('deal') ?? '', rotation: params.get('rotation') ?? undefined })}`,
  );
  const gameQuery = (arm: string) => ({ run, arm, deal: pair.deal, rotation: pair.rotation });
  const left = turnPanel(pair.a, gameQuery(a), 'a');
  const right = turnPanel(pair.b, gameQuery(b), 'b');
  const last = Math.max(pair.a.turns.length, pair.b.turns.length);
  const stepper = new Stepper(last, (turn) => {
    left.update(Math.min(turn, pair.a.turns.length));
    right.update(Math.min(turn, pair.b.turns.length));
  });
  const flips = el('div', { id: 'flips' });
  app.replaceChildren(
    el('h1', {}, `Deal ${pair.deal}, rotation ${pair.rotation}: ${a} and ${b}`),
    el('p', {}, el('a', { href: `#/run?${query({ run })}` }, '← the run')),
    el(
      'p',
      { id: 'divergence' },
      pair.divergence === null
        ? 'Both arms played the same moves throughout.'
        : `The moves part at turn ${pair.divergence}. `,
      pair.divergence === null
        ? null
        : button(`jump to turn ${pair.divergence}`, () => stepper.go(pair.divergence!), { id: 'jump-divergence' }),
    ),
    stepper.element,
    el(
      'div',
      { class: 'pair' },
      el('section', {}, el('h2', {}, a), left.element, el('h3', {}, 'Final scores'), breakdownTable(pair.a, 'a-final')),
      el(
        'section',
        {},
        el('h2', {}, b),
        right.element,
        el('h3', {}, 'Final scores'),
        breakdownTable(pair.b, 'b-final'),
      ),
    ),
    el('h2', {}, 'Deals where the winner changed'),
    el(
      'p',
      {},
      button('list them', () => void showFlips(flips, run, a, b), { id: 'list-flips' }),
    ),
    flips,
  );
}
