/**
 * The JSON the explorer's API answers with (`/api/…`), shared by the server and the pages (`web/`
 * imports these types only). Seats are table seats: seat 0 moves first.
 */

export interface ArmInfo {
  name: string;
  players: number;
  expansions: string[];
  agents: string[];
  /** Rules the experiment set explicitly. */
  rules: Record<string, string | number>;
}

export interface RunListItem {
  /** Folder relative to the results folder, `/`-separated: the run's name in every other request. */
  path: string;
  /** `run`: made by the runner (`carclab run`, `match`, `ladder`, a study); `played`: a game played in the explorer. */
  kind: 'run' | 'played';
  experiment: string;
  description: string;
  status: string;
  seed: string;
  deals: number;
  rotation: string;
  games: number;
  keepGames: boolean;
  arms: ArmInfo[];
  /** Short hash of the code that played it, and the git commit. */
  code: string;
  git: string;
  version: string;
}

export interface RunDetail extends RunListItem {
  /** `report.html` / `report.md`, as paths under `/files/`. */
  reports: string[];
  /** Vega-Lite specs (`charts/*.vl.json`) under `/files/`. */
  charts: { name: string; spec: string }[];
  tables: string[];
  /**
   * What the checks of a finished run's files found (docs/trust.md): null when plan, manifest,
   * shards, summary and kept games are all the run's; else what was refused. Null for played games
   * and unfinished runs.
   */
  refused: string | null;
}

/** What a game's turn changed: the tile, where it went, the follow-up and the scoring. */
export type TurnChange =
  | { kind: 'placed'; tile: string; x: number; y: number; rotation: number }
  | { kind: 'discarded'; tile: string }
  | {
      kind: 'meeple';
      feature: string;
      segment: string /** A meeple kind other than the plain one (`big`). */;
      meepleKind?: string;
    }
  | {
      kind: 'scored';
      feature: string;
      tiles: number;
      meeples: number;
      points: number;
      winners: number[];
      final: boolean;
    }
  | { kind: 'field'; cities: number; points: number; winners: number[] }
  | { kind: 'expansion'; expansion: string; text: string };

export interface TurnView {
  /** 1 for the first turn after the start tile. */
  turn: number;
  seat: number;
  changes: TurnChange[];
  /** The follow-up chosen, in words (`nothing`, `meeple on road (E)`, `tollhouse to (1,2)`). */
  followUp: string;
  /** Scores after the turn (the last turn: after final scoring). */
  scores: number[];
  /** Each seat's expected total minus the best other seat's, after the turn (rule-aware evaluation). */
  expectedLead: number[];
}

export interface GameView {
  title: string;
  seats: { seat: number; label: string }[];
  expansions: string[];
  rules: Record<string, string | number>;
  turns: TurnView[];
  final: { scores: number[]; breakdown: Record<string, number>[] };
}

export interface Candidate {
  placement: string;
  followUp: string;
  /** One-ply value to the mover: own expected total minus the best opponent's after the move. */
  value: number;
  chosen: boolean;
}

export interface CandidatesView {
  turn: number;
  seat: number;
  agent: string;
  /** The agent's evaluation weights used for the values. */
  weights: string;
  count: number;
  best: number;
  chosen: Candidate;
  /** The best candidates, best first (the chosen one among them when it ranks there). */
  top: Candidate[];
}

export interface PairView {
  deal: number;
  rotation: number;
  a: GameView;
  b: GameView;
  /** First turn whose tile, placement or follow-up differs between the arms (null: the same moves throughout). */
  divergence: number | null;
}

export interface FlipsView {
  a: string;
  b: string;
  /** Where the games came from: the run's kept games, or replayed here. */
  source: 'kept games' | 'replayed';
  dealsCompared: number;
  dealsInRun: number;
  flips: {
    deal: number;
    rotation: number;
    winnersA: number[];
    winnersB: number[];
    scoresA: number[];
    scoresB: number[];
  }[];
}

export interface AgentInfo {
  name: string;
  description: string;
}

export interface PlayRequest {
  players: number;
  expansions: string[];
  rules: Record<string, string | number>;
  /** Per seat: `human` or an agent spec. */
  seats: string[];
  seed: string;
}

export interface LegalCell {
  x: number;
  y: number;
  /** Where the cell's square lies in the board picture. */
  left: number;
  top: number;
  /** Placement action per legal rotation (degrees). */
  rotations: { rotation: number; action: number }[];
}

export interface PlayState {
  id: string;
  seats: string[];
  turn: number;
  over: boolean;
  seat: number;
  /** Whether the seat to move is a human's. */
  humanToMove: boolean;
  drawn: string | null;
  tilesLeft: number;
  scores: number[];
  /** Meeples in supply: each seat's plain ones, then a block per seat for each other kind of `meepleKinds`. */
  meeplesLeft: number[];
  /** The game's meeple kinds, the plain one (`meeple`) first, e.g. `big` with Inns & Cathedrals. */
  meepleKinds: string[];
  board: { svg: string; width: number; height: number; tileSize: number };
  legal: LegalCell[];
  /** Agents' turns since the last request, in words. */
  log: string[];
  final: { scores: number[]; breakdown: Record<string, number>[] } | null;
  /** Where the finished game was saved: the scenario file and the run path. */
  saved: { scenario: string; run: string } | null;
  /** Why a finished game was not saved (e.g. `played` is a symbolic link), or null. */
  notSaved: string | null;
}

export interface PlayPreview {
  board: { svg: string; width: number; height: number; tileSize: number };
  followUps: { action: number; label: string }[];
}

/** `game.json` of a game played in the explorer. */
export interface PlayedGameFile {
  format: 'carclab-played/1';
  players: number;
  expansions: string[];
  rules: Record<string, string | number>;
  seats: string[];
  seed: string;
  /** Tile ids in draw order. */
  deck: string[];
  actions: number[];
  scores: number[];
}
