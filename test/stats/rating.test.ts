/** Bradley–Terry by MM and the SPRT on deal scores, each against hand arithmetic. */
import { describe, expect, it } from 'vitest';
import { bradleyTerry, eloToScore, scoreToElo } from '../../src/stats/bradley-terry.ts';
import { sprtBounds, sprtLlr, sprtState } from '../../src/stats/sprt.ts';

describe('Bradley–Terry by minorization–maximization', () => {
  it('two players, 3 wins to 1: odds 3:1, 400·log10 3 = 190.85 Elo apart', () => {
    const fit = bradleyTerry(
      [
        [0, 3],
        [1, 0],
      ],
      { smoothing: 0 },
    );
    expect(fit.converged).toBe(true);
    expect(fit.elo[0]).toBe(0);
    expect(fit.elo[1]).toBeCloseTo(-190.8485, 3);
    expect(fit.gamma[0]! / fit.gamma[1]!).toBeCloseTo(3, 8);
  });
  it('three players whose results fit γ = (4, 2, 1) exactly get those strengths', () => {
    // 0–1: 2 of 3 (4/6 expected), 0–2: 4 of 5 (4/5), 1–2: 2 of 3 (2/3). The likelihood equations
    // W_i = Σ_j n_ij γ_i/(γ_i+γ_j) hold: 6 = 3·4/6 + 5·4/5, 3 = 3·2/6 + 3·2/3, 2 = 5·1/5 + 3·1/3.
    const wins = [
      [0, 2, 4],
      [1, 0, 2],
      [1, 1, 0],
    ];
    const fit = bradleyTerry(wins, { smoothing: 0, anchor: 2 });
    expect(fit.elo[2]).toBe(0);
    expect(fit.elo[1]).toBeCloseTo(400 * Math.log10(2), 6); // 120.41
    expect(fit.elo[0]).toBeCloseTo(400 * Math.log10(4), 6); // 240.82
  });
  it('a perfect record is held finite by the 0.1 virtual win: 4.1 : 0.1 = 41:1, 645.1 Elo', () => {
    const fit = bradleyTerry([
      [0, 4],
      [0, 0],
    ]);
    expect(fit.elo[1]).toBeCloseTo(-400 * Math.log10(41), 4);
    expect(400 * Math.log10(41)).toBeCloseTo(645.11, 2);
  });
  it('shared wins count as fractions and the anchor is the named player', () => {
    // 2.5 : 1.5 → odds 5:3
    const fit = bradleyTerry(
      [
        [0, 2.5],
        [1.5, 0],
      ],
      { smoothing: 0, anchor: 1 },
    );
    expect(fit.elo).toEqual([expect.closeTo(400 * Math.log10(5 / 3), 6), 0]);
  });
  it('the Elo scale and the expected score are inverse: +400 is 10:1', () => {
    expect(eloToScore(400)).toBeCloseTo(10 / 11, 14);
    expect(scoreToElo(10 / 11)).toBeCloseTo(400, 9);
    expect(eloToScore(0)).toBe(0.5);
  });
  it('rejects what is not a square matrix of wins', () => {
    expect(() => bradleyTerry([[0]])).toThrow(/at least 2 players/);
    expect(() =>
      bradleyTerry([
        [0, -1],
        [1, 0],
      ]),
    ).toThrow(/≥ 0/);
  });
});

describe('SPRT on deal scores (pentanomial for 2 players)', () => {
  it('α = β = 0.05 gives the bounds ±ln 19 = ±2.944', () => {
    const { lower, upper } = sprtBounds(0.05, 0.05);
    expect(upper).toBeCloseTo(Math.log(19), 14);
    expect(upper).toBeCloseTo(2.944439, 6);
    expect(lower).toBeCloseTo(-2.944439, 6);
    const b = sprtBounds(0.05, 0.1); // ln(0.1/0.95) = −2.2513, ln(0.9/0.05) = 2.8904
    expect(b.lower).toBeCloseTo(-2.251292, 6);
    expect(b.upper).toBeCloseTo(2.890372, 6);
  });
  it('with only whole wins and losses the LLR is the binomial one: 30 ln(s1/s0) + 10 ln((1−s1)/(1−s0))', () => {
    // elo0 = 0 → s0 = 0.5; elo1 = 100 → s1 = 1/(1 + 10^−0.25) = 0.6400649;
    // 30 · ln(1.2801298) + 10 · ln(0.7198702) = 30 · 0.246961 − 10 · 0.328684 = 4.1220
    const counts = new Map([
      [1, 30],
      [0, 10],
    ]);
    expect(sprtLlr(counts, 0, 100)).toBeCloseTo(4.122, 3);
    const state = sprtState(counts, { elo0: 0, elo1: 100 });
    expect(state.decision).toBe('H1');
    expect(state.n).toBe(40);
  });
  it('a symmetric pentanomial between symmetric hypotheses has LLR 0 and continues', () => {
    const counts = new Map([
      [0, 2],
      [0.25, 5],
      [0.5, 10],
      [0.75, 5],
      [1, 2],
    ]);
    expect(sprtLlr(counts, -10, 10)).toBeCloseTo(0, 10);
    expect(sprtState(counts, { elo0: -10, elo1: 10 }).decision).toBe('continue');
  });
  it('agrees with the normal approximation n(s1−s0)(2x̄−s0−s1)/(2σ²) for a small difference', () => {
    // counts 5, 20, 40, 25, 10 at 0 … 1: x̄ = 0.5375, σ² = 0.353125 − 0.5375² = 0.06421875;
    // s0 = 0.5, s1 = 1/(1 + 10^−0.05) = 0.528751 → 100 · 0.028751 · 0.046249 / 0.1284375 = 1.0353
    const counts = new Map([
      [0, 5],
      [0.25, 20],
      [0.5, 40],
      [0.75, 25],
      [1, 10],
    ]);
    expect(sprtLlr(counts, 0, 20)).toBeCloseTo(1.0353, 1);
    expect(Math.abs(sprtLlr(counts, 0, 20) - 1.0353) / 1.0353).toBeLessThan(0.03);
  });
  it('accepts H0 when A is clearly not elo1 stronger; stays finite when every deal went one way', () => {
    expect(sprtState(new Map([[0.5, 200]]), { elo0: 0, elo1: 50 }).decision).toBe('H0');
    const allWon = sprtLlr(new Map([[1, 3]]), 0, 10);
    expect(Number.isFinite(allWon)).toBe(true);
    expect(allWon).toBeGreaterThan(0);
    expect(sprtLlr(new Map(), 0, 10)).toBe(0);
  });
});
