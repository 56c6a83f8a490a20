/** The runs list and one run: its setup, reports, live charts, and ways into its games. */
import type { FlipsView, RunDetail, RunListItem, ShareCI, StudyItem } from '../src/serve/api-types.ts';
import { embedSpec } from './charts.ts';
import { api, button, el, fileUrl, query, seatList, table } from './dom.ts';

const armText = (arm: RunListItem['arms'][number]) => {
  const rules = Object.entries(arm.rules)
    .map(([k, v]) => `${k}=${v}`)
    .join(', ');
  return `${arm.name}: ${arm.players}p, ${arm.expansions.join('+') || 'base'}${rules ? `, ${rules}` : ''}; ${[...new Set(arm.agents)].join(' / ')}`;
};

/** A link to a file of the results folder, opened in a new tab (reports). */
const fileLink = (path: string, label: string, attrs: Record<string, string> = {}) =>
  el('a', { href: fileUrl(path), target: '_blank', rel: 'noopener', ...attrs }, label);

const runLink = (r: RunListItem, label = r.path) =>
  el('a', { href: `#/run?${query({ run: r.path })}`, class: 'run-link' }, label);

/** A study: its question, its scorecard report and its runs (levels and skill matches). */
function studyCard(study: StudyItem, runs: RunListItem[]): HTMLElement {
  const html = study.reports.find((r) => r.endsWith('.html'));
  const mine = runs.filter((r) => r.study === study.path);
  return el(
    'section',
    { class: 'study', 'data-study': study.path },
    el('h3', {}, study.question || study.path || 'study'),
    el('p', {}, study.comparison, ' ', el('span', { class: 'muted' }, `(${study.path || 'this folder'})`)),
    el(
      'p',
      { class: 'links' },
      html ? fileLink(html, 'the scorecard report', { class: 'study-report' }) : 'no report yet',
      ...study.reports.filter((r) => r !== html).flatMap((r) => [' · ', fileLink(r, r.split('/').pop()!)]),
    ),
    mine.length
      ? el(
          'details',
          {},
          el('summary', {}, `its ${mine.length} run(s)`),
          el('ul', {}, ...mine.map((r) => el('li', {}, runLink(r, r.experiment), ` — ${r.deals} deals, ${r.status}`))),
        )
      : null,
  );
}

export async function runsView(app: HTMLElement): Promise<void> {
  const [runs, studies] = await Promise.all([api<RunListItem[]>('/api/runs'), api<StudyItem[]>('/api/studies')]);
  app.replaceChildren(el('h1', {}, 'Runs'));
  if (studies.length)
    app.append(el('h2', {}, 'Studies'), ...studies.map((s) => studyCard(s, runs)), el('h2', {}, 'All runs'));
  app.append(
    runs.length === 0
      ? el('p', {}, 'No runs in this folder yet: run an experiment (carclab run …) or play a game.')
      : table(
          ['run', 'experiment', 'arms (rules, agents)', 'deals', 'games', 'status', 'code'],
          runs.map((r) => [
            runLink(r),
            r.kind === 'played' ? 'played game' : r.experiment,
            el('ul', {}, ...r.arms.map((a) => el('li', {}, armText(a)))),
            r.deals,
            r.games,
            r.status,
            `${r.code}${r.git ? ` @ ${r.git}` : ''}`,
          ]),
          { id: 'runs', class: 'cards' },
        ),
  );
}

export async function runView(app: HTMLElement, params: URLSearchParams): Promise<void> {
  const run = await api<RunDetail>(`/api/run?${query({ run: params.get('run') ?? '' })}`);
  const charts = el('div', { class: 'charts' });
  app.replaceChildren(
    el(
      'div',
      {},
      el('h1', {}, run.experiment),
      el('p', {}, run.description),
      run.refused
        ? el('p', { class: 'error', id: 'run-refused' }, `The checks refuse this run's files: ${run.refused}`)
        : null,
      run.studyOf ? studyNote(run.studyOf) : null,
      el(
        'dl',
        {},
        el('dt', {}, 'folder'),
        el('dd', {}, run.path),
        el('dt', {}, 'seed, deals, rotation'),
        el('dd', {}, `${run.seed}, ${run.deals}, ${run.rotation}`),
        el('dt', {}, 'games'),
        el('dd', {}, `${run.games}${run.keepGames ? ' (kept)' : ''}`),
        el('dt', {}, 'status'),
        el('dd', {}, run.status),
        el('dt', {}, 'code'),
        el('dd', {}, `${run.code} ${run.git} v${run.version}`),
      ),
      table(
        ['arm', 'players', 'expansions', 'rules set', 'agents'],
        run.arms.map((a) => [
          a.name,
          a.players,
          a.expansions.join(', ') || 'base game',
          Object.entries(a.rules)
            .map(([k, v]) => `${k}=${v}`)
            .join(', ') || 'official',
          a.agents.join(', '),
        ]),
      ),
      el('h2', {}, 'Games'),
      run.kind === 'played'
        ? el(
            'p',
            {},
            el('a', { href: `#/game?${query({ run: run.path })}`, id: 'open-game' }, 'step through the game'),
            ' · ',
            el('a', { href: fileUrl(`${run.path}/scenario.json`) }, 'scenario file'),
          )
        : gamePicker(run),
      run.reports.length ? el('h2', {}, 'Reports') : null,
      el('ul', {}, ...run.reports.map((r) => el('li', {}, fileLink(r, r.split('/').pop()!)))),
      run.charts.length ? el('h2', {}, 'Charts (Vega-Lite, rendered live)') : null,
      charts,
      run.tables.length ? el('h2', {}, 'Tables') : null,
      el('ul', {}, ...run.tables.map((t) => el('li', {}, el('a', { href: fileUrl(t) }, t.split('/').pop()!)))),
    ),
  );
  for (const chart of run.charts) {
    const target = el('div', { class: 'chart', 'data-chart': chart.name });
    charts.append(el('figure', {}, target, el('figcaption', {}, chart.name)));
    void fetch(fileUrl(chart.spec))
      .then((r) => r.json())
      .then((spec: object) => embedSpec(target, spec));
  }
}

/** A level run's link to the study it belongs to and its scorecard report. */
function studyNote(study: NonNullable<RunDetail['studyOf']>): HTMLElement {
  const html = study.reports.find((r) => r.endsWith('.html'));
  return el(
    'p',
    { class: 'study-note', id: 'run-study' },
    'Part of the study ',
    el('em', {}, study.question || study.path),
    html ? ' — ' : '',
    html ? fileLink(html, 'its scorecard report', { class: 'study-report' }) : null,
  );
}

function armSelect(run: RunDetail, id: string, selected: number): HTMLSelectElement {
  const select = el('select', { id });
  for (const [i, a] of run.arms.entries())
    select.append(el('option', { value: a.name, selected: i === selected }, a.name));
  return select;
}

/** Opens any deal of any arm, and the paired view and flip list of two arms. */
function gamePicker(run: RunDetail): HTMLElement {
  const arm = armSelect(run, 'game-arm', 0);
  const deal = el('input', { type: 'number', id: 'game-deal', min: 0, max: run.deals - 1, value: 0 });
  const a = armSelect(run, 'pair-a', 0);
  const b = armSelect(run, 'pair-b', Math.min(1, run.arms.length - 1));
  const flips = el('div', { id: 'flips' });
  return el(
    'div',
    {},
    el(
      'p',
      {},
      'arm ',
      arm,
      ' deal ',
      deal,
      ' ',
      button(
        'open game',
        () => {
          location.hash = `#/game?${query({ run: run.path, arm: arm.value, deal: deal.value })}`;
        },
        { id: 'open-game' },
      ),
    ),
    run.arms.length > 1
      ? el(
          'p',
          {},
          'compare ',
          a,
          ' with ',
          b,
          ' on that deal ',
          button(
            'side by side',
            () => {
              location.hash = `#/pair?${query({ run: run.path, a: a.value, b: b.value, deal: deal.value })}`;
            },
            { id: 'open-pair' },
          ),
          ' or ',
          button('list the deals where the winner changed', () => void showFlips(flips, run.path, a.value, b.value), {
            id: 'list-flips',
          }),
        )
      : null,
    flips,
  );
}

const pct = (s?: ShareCI | null) =>
  !s || s.share === null
    ? '–'
    : `${(100 * s.share).toFixed(1)} % [${(100 * s.lo!).toFixed(1)}, ${(100 * s.hi!).toFixed(1)}]`;

/** The figures a share of "winner changed" is read against, as the study puts them beside it. */
function flipReferences(view: FlipsView): HTMLElement {
  const e = view.effect;
  const rows: [string, string, string][] = [
    [
      `winner changed, ${view.a} → ${view.b} (these games)`,
      `${view.flips.length} of ${view.dealsCompared}`,
      pct(view.changed),
    ],
  ];
  if (e) {
    rows.push(
      [`played out, ${e.a} → ${e.b} (the study, every deal)`, `${e.total.changed} of ${e.games}`, pct(e.total)],
      [
        `rescored: ${e.a}'s games under ${e.b}'s rules (the rule alone)`,
        e.rescored
          ? `${e.rescored.flipped} of ${e.rescored.replayed}${e.rescored.notReplayable ? ` (${e.rescored.notReplayable} not replayable)` : ''}`
          : 'none replayable',
        pct(e.rescored),
      ],
      [
        `noise floor: ${e.a} played twice, other random streams`,
        `${e.noiseFloor.changed} of ${e.games}`,
        pct(e.noiseFloor),
      ],
      ['independent games (unrelated deals)', '', pct(e.independent)],
    );
  } else rows.push(['independent games (unrelated deals)', '', pct(view.independent)]);
  return el(
    'div',
    { id: 'flip-references' },
    table(['', 'deals', 'share, 95 % interval'], rows, { class: 'references' }),
    el(
      'p',
      {},
      el(
        'small',
        {},
        e
          ? 'Once play parts, two games of one deal change winner about as often as the noise floor says by chance alone; the rescored share is what the rule itself does to the same moves. Wilson intervals; the independent rate by the delta method.'
          : "This run did not measure the noise floor or the rescored games (carclab study does): read the share against two independent games' rate, and keep in mind that games of one deal part by chance alone. Wilson intervals; the independent rate by the delta method.",
      ),
    ),
  );
}

export async function showFlips(target: HTMLElement, run: string, a: string, b: string): Promise<void> {
  target.replaceChildren(el('p', {}, 'comparing…'));
  const view = await api<FlipsView>(`/api/flips?${query({ run, a, b })}`);
  const source =
    view.source === 'kept games'
      ? `all ${view.dealsCompared} deals, from the run's kept games`
      : `the first ${view.dealsCompared} of ${view.dealsInRun} deals, played again here (the run kept no games)`;
  target.replaceChildren(
    el('p', {}, `${view.flips.length} deal(s) where the winner changed from ${view.a} to ${view.b} (${source}).`),
    flipReferences(view),
    table(
      ['deal', 'rotation', `winner ${view.a}`, `winner ${view.b}`, `scores ${view.a}`, `scores ${view.b}`],
      view.flips.map((f) => [
        el(
          'a',
          { href: `#/pair?${query({ run, a, b, deal: f.deal, rotation: f.rotation })}`, class: 'flip-link' },
          f.deal,
        ),
        f.rotation,
        seatList(f.winnersA),
        seatList(f.winnersB),
        f.scoresA.join(' / '),
        f.scoresB.join(' / '),
      ]),
      { id: 'flip-table', class: 'cards' },
    ),
  );
}
