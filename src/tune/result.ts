/** The answer of a tuning (`result.json`), shared by the run and its report. */
import type { Tuning } from './definition.ts';
import type { CandidateRecord, SearchResult } from './search.ts';

export interface TuneResult {
  format: 'carclab-tune/1';
  name: string;
  status: SearchResult['status'];
  /** Parameter names, in the order of `point`. */
  parameters: string[];
  /** The chosen value (one parameter) or values. */
  value: number | number[];
  point: number[];
  metric: string;
  target: { kind: Tuning['kind']; value: number };
  /** The target metric at the chosen value (`seatWinGap`: the largest |seat win share − 1/players|) on the confirmation deals. */
  estimate: number;
  lo: number;
  hi: number;
  /** The coverage the interval keeps under the confirmation's stop, and its nominal level. */
  level: number;
  nominalLevel: number;
  interval: string;
  /** The values (points, for several parameters) the search's tests did not reject; the chosen one is among them. */
  notRejected: (number | number[])[];
  /** The confirmation missed the target or the precision (empty when neither). */
  warnings: string[];
  /** Games of the search and the confirmation together. */
  games: number;
  searchGames: number;
  confirmation: { seed: string; deals: number; games: number; reason: string; halfWidth: number };
  method: string;
  candidates: CandidateRecord[];
  log: string[];
}
