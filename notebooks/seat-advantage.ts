/**
 * Notebook: seat advantage — win rate by seat for each expansion mix (base, each expansion alone,
 * all three) and player count 2–5, with Wilson intervals; rotation `cycle`, so every lineup player
 * sits in every seat equally often and a seat effect is the seat's, not an agent's.
 *
 *   npx tsx notebooks/seat-advantage.ts                        # runs experiments/seat-advantage(-greedy).ts
 *   npx tsx notebooks/seat-advantage.ts --deals 2000           # smaller (the greedy run keeps its 1:20 ratio)
 *   npx tsx notebooks/seat-advantage.ts RANDOM_RUN GREEDY_RUN  # analyses finished runs
 */
import { pathToFileURL } from 'node:url';
import * as aq from 'arquero';
import { estimatesChart } from '../src/charts/index.ts';
import { ciPct, count, side, winRate } from '../src/report/numbers.ts';
import type { Report } from '../src/report/report.ts';
import type { LoadedRun } from '../src/report/run.ts';
import { studyMain } from '../src/report/study.ts';
import type { Study, StudyHighlights } from '../src/report/study.ts';

const mixOf = (expansions: readonly string[]) => (expansions.length === 0 ? 'base' : expansions.length === 3 ? 'all three' : expansions[0]!);

interface SeatRow { mix: string; players: number; panel: string; seat: string; seatIndex: number; fair: number; estimate: number; lower: number; upper: number; games: number }

function analyse(run: LoadedRun): SeatRow[] {
  return run.summary.arms.flatMap((arm) => arm.seats.map((s) => {
    const w = winRate(s.games, s.wins);
    return {
      mix: mixOf(arm.expansions), players: arm.players, panel: `${arm.players} players`, seat: `seat ${s.seat}`, seatIndex: s.seat,
      fair: 1 / arm.players, estimate: w.rate!, lower: w.lo!, upper: w.hi!, games: s.games,
    };
  }));
}

/** Seats whose interval excludes the fair share 1/players. */
const unfair = (rows: SeatRow[]) => rows.filter((x) => x.lower > x.fair || x.upper < x.fair);
const pct = (x: SeatRow) => ciPct({ rate: x.estimate, lo: x.lower, hi: x.upper });

export const study: Study = {
  name: 'seat-advantage',
  title: 'Seat advantage by expansion mix and player count',
  keepGames: false,
  suiteDeals: { random: 4000, greedy: 150 },
  analyse(report: Report, runs): StudyHighlights {
    const r = analyse(runs.random);
    const g = analyse(runs.greedy);
    const both = [['random', r, runs.random], ['greedy', g, runs.greedy]] as const;
    const charts: { name: string; spec: ReturnType<typeof estimatesChart> }[] = [];

    for (const [agent, rows, run] of both) {
      const sec = report.section(`Win rate by seat, ${agent} agents`);
      const deals = run.summary.deals;
      sec.text(`${count(deals)} deals per arm: one game per deal and arm with the seats rotated by deal, so every seat of every arm has ${count(deals)} games. Win rates with Wilson 95 % intervals; ties for first share the win; dashed lines: the fair share 1/players. Seat 0 moves first.`);
      const spec = estimatesChart(rows, {
        title: `Win rate by seat (${agent} agents)`, subtitle: 'Wilson 95 % intervals; dashed line: 1 / players', runSize: `${count(deals)} deals per arm`,
        category: 'seat', color: 'mix', colorTitle: 'expansions', facet: 'panel', facetTitle: null, columns: 2, panelValues: 'independent',
        valueTitle: 'win rate', valueFormat: '.0%', reference: { field: 'fair' }, categoryTitle: null, width: 300, height: 200,
      });
      const name = `seat-win-rate-${agent}`;
      sec.chart(name, spec);
      charts.push({ name, spec });
      const maxSeats = 5;
      sec.table(aq.from([...new Set(rows.map((x) => `${x.players}|${x.mix}`))].map((key) => {
        const [players, mix] = key.split('|');
        const seats = rows.filter((x) => `${x.players}|${x.mix}` === key);
        return { players: Number(players), mix, ...Object.fromEntries(Array.from({ length: maxSeats }, (_, s) => [`seat ${s}`, seats[s] ? pct(seats[s]!) : ''])) };
      })), { caption: 'Win rate by seat, % with Wilson 95 % interval.' });
      const off = unfair(rows);
      sec.text(off.length
        ? `Seats whose interval excludes the fair share (${off.length} of ${rows.length}): ${off.map((x) => `${x.players}p ${x.mix} ${x.seat} ${pct(x)}`).join('; ')}.`
        : `No seat's interval excludes the fair share (${rows.length} seats).`);
    }

    // Agents.
    const key = (x: SeatRow) => `${x.players}p ${x.mix} ${x.seat}`;
    const rOff = new Set(unfair(r).map(key));
    const gOff = new Set(unfair(g).map(key));
    const onlyR = [...rOff].filter((k) => !gOff.has(k));
    const onlyG = [...gOff].filter((k) => !rOff.has(k));
    const opposite = r.filter((x) => {
      const y = g.find((z) => key(z) === key(x));
      const a = side({ lo: x.lower, hi: x.upper }, x.fair);
      return y !== undefined && a !== 0 && side({ lo: y.lower, hi: y.upper }, y.fair) === -a;
    }).map(key);
    report.section('Random vs greedy agents').text([
      opposite.length ? `Seats on opposite sides of the fair share for the two agents (both significant): ${opposite.join(', ')}.` : 'No seat is significantly above the fair share for one agent and below it for the other.',
      `Seats away from the fair share: ${rOff.size} with random agents (${count(runs.random.summary.deals)} deals per arm), ${gOff.size} with greedy agents (${count(runs.greedy.summary.deals)} deals per arm; wider intervals).`,
      onlyR.length ? `- only with random agents: ${onlyR.join(', ')}` : '',
      onlyG.length ? `- only with greedy agents: ${onlyG.join(', ')}` : '',
    ].filter(Boolean).join('\n'));

    const first = (rows: SeatRow[], players: number, mix: string) => rows.find((x) => x.players === players && x.mix === mix && x.seatIndex === 0)!;
    const headlines = [
      `Seat 0 (first player), base game, random agents (${count(runs.random.summary.deals)} deals per arm): ${[2, 3, 4, 5].map((p) => `${p}p ${pct(first(r, p, 'base'))}`).join(', ')} (fair 50/33.3/25/20 %).`,
      `Seat 0, all three expansions, random: ${[2, 3, 4, 5].map((p) => `${p}p ${pct(first(r, p, 'all three'))}`).join(', ')}.`,
      `Seat 0, base game, greedy agents (${count(runs.greedy.summary.deals)} deals per arm): ${[2, 3, 4, 5].map((p) => `${p}p ${pct(first(g, p, 'base'))}`).join(', ')}.`,
      `Seats whose Wilson interval excludes 1/players: ${rOff.size} of ${r.length} (random), ${gOff.size} of ${g.length} (greedy); away from fair only with random agents: ${onlyR.length} seats, only with greedy agents: ${onlyG.length} (the greedy run has ${count(runs.random.summary.deals / runs.greedy.summary.deals)}× fewer deals, so part of this is power).`,
    ];
    return { headlines, tables: [], charts };
  },
};

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) process.exitCode = await studyMain(study);
