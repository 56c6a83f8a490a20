/**
 * Bradley–Terry strengths by minorization–maximization (Hunter 2004, "MM algorithms for generalized
 * Bradley–Terry models"), on the Elo scale, as OpenSpiel's `evaluation/elo` computes them.
 *
 * Model: P(i beats j) = γ_i / (γ_i + γ_j). From the win matrix W (W[i][j] = games i won against j; a
 * tie for first shared between them counts a fraction of a win to each), every off-diagonal entry is
 * first smoothed by `smoothing` virtual wins (default 0.1, OpenSpiel's default: without it a player
 * that won or lost every game would sit at ±∞). With W_i = Σ_j W[i][j] and n_ij = W[i][j] + W[j][i]
 * the MM step is
 *
 *   γ_i ← W_i / Σ_{j≠i} n_ij / (γ_i + γ_j),   then γ normalized to sum 1,
 *
 * repeated until no γ moves by more than `tolerance`. Ratings are 400·log10(γ_i) minus the rating of
 * the anchor player, so the anchor is 0 and a difference of 400 means 10:1 odds.
 */

export interface BradleyTerryOptions {
  /** Virtual wins added to every ordered pair (default 0.1). */
  smoothing?: number;
  /** Index of the player rated 0 (default 0). */
  anchor?: number;
  maxIterations?: number;
  tolerance?: number;
}

export interface BradleyTerryFit {
  /** Strengths normalized to sum 1. */
  gamma: number[];
  /** Elo-scale ratings, anchor = 0. */
  elo: number[];
  iterations: number;
  converged: boolean;
}

/**
 * Bradley–Terry ratings of a square win matrix (the diagonal is ignored).
 * @example bradleyTerry([[0, 3], [1, 0]], { smoothing: 0 }).elo // [0, −190.85] (3:1 odds)
 */
export function bradleyTerry(wins: readonly (readonly number[])[], options: BradleyTerryOptions = {}): BradleyTerryFit {
  const m = wins.length;
  const smoothing = options.smoothing ?? 0.1;
  const anchor = options.anchor ?? 0;
  const maxIterations = options.maxIterations ?? 2000;
  const tolerance = options.tolerance ?? 1e-10;
  if (m < 2 || wins.some((row) => row.length !== m))
    throw new RangeError(`bradleyTerry: need a square matrix of at least 2 players, got ${m} rows`);
  if (!(smoothing >= 0)) throw new RangeError(`bradleyTerry: smoothing must be ≥ 0, got ${smoothing}`);
  if (!Number.isInteger(anchor) || anchor < 0 || anchor >= m)
    throw new RangeError(`bradleyTerry: anchor must index a player, got ${anchor}`);
  // 1. Smoothed wins, each player's total and the games of each pair.
  const w = wins.map((row, i) =>
    row.map((x, j) => {
      if (i !== j && !(x >= 0)) throw new RangeError(`bradleyTerry: wins[${i}][${j}] must be ≥ 0, got ${x}`);
      return i === j ? 0 : x + smoothing;
    }),
  );
  const total = w.map((row) => row.reduce((s, x) => s + x, 0));
  const games = w.map((row, i) => row.map((x, j) => (i === j ? 0 : x + w[j]![i]!)));
  // 2. MM iterations from equal strengths.
  let gamma = new Array<number>(m).fill(1 / m);
  let iterations = 0;
  let converged = false;
  while (iterations < maxIterations && !converged) {
    iterations++;
    const next = gamma.map((g, i) => {
      let denominator = 0;
      for (let j = 0; j < m; j++) if (j !== i && games[i]![j]! > 0) denominator += games[i]![j]! / (g + gamma[j]!);
      return denominator > 0 ? total[i]! / denominator : g;
    });
    const sum = next.reduce((s, x) => s + x, 0);
    for (let i = 0; i < m; i++) next[i] = Math.max(next[i]! / sum, Number.MIN_VALUE);
    converged = next.every((x, i) => Math.abs(x - gamma[i]!) < tolerance);
    gamma = next;
  }
  // 3. The Elo scale, anchored.
  const raw = gamma.map((g) => 400 * Math.log10(g));
  return { gamma, elo: raw.map((r) => r - raw[anchor]!), iterations, converged };
}

/** The expected score of a player rated `elo` above its opponent: 1 / (1 + 10^(−elo/400)). */
export const eloToScore = (elo: number): number => 1 / (1 + 10 ** (-elo / 400));

/** The Elo difference whose expected score is `score` (±Infinity at 1 and 0). */
export const scoreToElo = (score: number): number => -400 * Math.log10(1 / score - 1);
