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
  /** The study folder this run belongs to (a level or skill match of `carclab study`), when it lies in one. */
  study?: string;
}

/** A folder of `carclab study`: its question, its reports (scorecard) and the runs it played. */
export interface StudyItem {
  /** Folder relative to the results folder, `/`-separated ('' when the results folder is the study). */
  path: string;
  /** The designer's question and what is compared, from `scorecard.json`. */
  question: string;
  comparison: string;
  /** `report.html`, `report.md`, `scorecard.json` (those present), as paths under `/files/`. */
  reports: string[];
  /** Paths of its runs (levels and skill matches). */
  runs: string[];
}

export interface RunDetail extends RunListItem {
  /** The study this run belongs to, with its reports (the scorecard), or null. */
  studyOf: Omit<StudyItem, 'runs'> | null;
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
  /** Its value at each stage of the agent's valuation (`CandidatesView.stages`), null where that stage did not value it. */
  values: (number | null)[];
  /** The last stage that valued it, and its value there: what it ranks by. */
  stage: number;
  value: number;
  chosen: boolean;
}

export interface CandidatesView {
  turn: number;
  seat: number;
  agent: string;
  /**
   * `agent`: the values the agent itself chooses by (`Agent.valueCandidates`); `greedy`: an agent
   * that explains nothing (a search) or a human, valued as greedy values turns, for comparison.
   */
  valuedBy: 'agent' | 'greedy';
  /** How the agent chooses and what the values are. */
  method: string;
  /**
   * Whether the agent, made again with its random stream and replayed through its own earlier turns,
   * chose every move the game records (its values here are then those it chose by); null for `greedy`.
   */
  reproduced: boolean | null;
  /** The stages of the valuation, coarse to fine (a heading and what its values are). */
  stages: { name: string; about: string }[];
  count: number;
  /** The value of the best candidate at its stage. */
  best: number;
  /** Where the move played ranks (1: the agent's best). */
  rank: number;
  chosen: Candidate;
  /** Every candidate, ranked as the agent ranks them (the last stage reached, then the value there). */
  candidates: Candidate[];
}

export interface PairView {
  deal: number;
  rotation: number;
  a: GameView;
  b: GameView;
  /** First turn whose tile, placement or follow-up differs between the arms (null: the same moves throughout). */
  divergence: number | null;
}

/** A share (0–1) with its 95 % interval (null when there is nothing to count). */
export interface ShareCI {
  share: number | null;
  lo: number | null;
  hi: number | null;
}

/**
 * A study's figures of "winner changed" for a pair of arms a → b, as the study reports them
 * (docs/reasoning.md §9): counted over all the run's deals by the runner (`Summary.effects`).
 */
export interface FlipEffect {
  a: string;
  b: string;
  /** Games of arm a (one per deal). */
  games: number;
  /** a's and b's own games of a deal have different winners (the rule and the play it causes). */
  total: ShareCI & { changed: number };
  /** a's games replayed move for move under b's rules: the winner flips (the rule alone). Null when none could be replayed. */
  rescored: (ShareCI & { flipped: number; replayed: number; notReplayable: number }) | null;
  /** Arm a played twice on the same deal with other random streams: the winner changes by chance alone. */
  noiseFloor: ShareCI & { changed: number };
  /** Two independent games (unrelated deals) have different winners this often. */
  independent: ShareCI;
}

export interface FlipsView {
  a: string;
  b: string;
  /** The share of the compared deals listed (the winner changed), Wilson 95 %. */
  changed: ShareCI;
  /**
   * How often two independent games of these arms would have different winners, 1 − Σ pₐ(S)·p_b(S)
   * over the winning-seat sets S of the compared games (delta method, 95 %).
   */
  independent: ShareCI;
  /** The study's figures for this pair, when the run measured them (`carclab study` does); else null. */
  effect: FlipEffect | null;
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
  /** The drawn tile's picture (SVG, as printed: rotation 0), null once the game is over. */
  drawnTile: string | null;
  /** The house rules in force (set otherwise than the official rules): name, value, official value, meaning. */
  rules: { name: string; value: string; official: string; about: string }[];
  /** The expansions' titles. */
  expansions: string[];
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
  /** The placed tile alone, big, at its rotation (SVG of `size` units square). */
  tile: { svg: string; size: number };
  /**
   * Each legal follow-up: in words (`label`), as the engine writes it (`text`, e.g.
   * `meeple on field:Nw+Ne`), and for a meeple where it stands on `tile` (`spot`).
   */
  followUps: { action: number; label: string; text: string; spot?: { x: number; y: number } }[];
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
