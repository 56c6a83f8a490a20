/** The normal and Student t distributions against published table values and closed forms. */
import { describe, expect, it } from 'vitest';
import { noncentralTCdf, normalCdf, normalQuantile, studentTCdf, studentTQuantile } from '../../src/stats/index.ts';
import { gammaQ, incompleteBeta, logGamma } from '../../src/stats/special.ts';

describe('special functions', () => {
  it('log-gamma gives ln((n-1)!) at whole numbers and ln √π at ½', () => {
    expect(logGamma(5)).toBeCloseTo(Math.log(24), 13);
    expect(logGamma(11)).toBeCloseTo(Math.log(3628800), 12);
    expect(logGamma(0.5)).toBeCloseTo(0.5 * Math.log(Math.PI), 14);
  });
  it('the incomplete gamma Q(1, x) is e^-x and the incomplete beta I_x(1, 1) is x', () => {
    expect(gammaQ(1, 2)).toBeCloseTo(Math.exp(-2), 14);
    expect(gammaQ(1, 0.3)).toBeCloseTo(Math.exp(-0.3), 14);
    expect(incompleteBeta(0.3, 1, 1)).toBeCloseTo(0.3, 14);
    // I_x(2, 2) = 3x² − 2x³: at 0.3, 0.27 − 0.054 = 0.216
    expect(incompleteBeta(0.3, 2, 2)).toBeCloseTo(0.216, 14);
  });
});

describe('normal distribution', () => {
  it('z(0.975) = 1.959963984540054 and z(0.8) = 0.8416212335729143', () => {
    expect(normalQuantile(0.975)).toBeCloseTo(1.959963984540054, 12);
    expect(normalQuantile(0.8)).toBeCloseTo(0.8416212335729143, 12);
    expect(normalQuantile(0.025)).toBeCloseTo(-1.959963984540054, 12);
    expect(normalQuantile(0.5)).toBe(0);
  });
  it('Φ(1.96) = 0.9750021048517795, Φ(-1) = 0.15865525393145707, and the far tail keeps its digits', () => {
    expect(normalCdf(1.96)).toBeCloseTo(0.9750021048517795, 14);
    expect(normalCdf(-1)).toBeCloseTo(0.15865525393145707, 14);
    expect(normalCdf(-10) / 7.61985302416047e-24).toBeCloseTo(1, 10);
    expect(normalCdf(0)).toBe(0.5);
  });
  it('the quantile inverts the CDF from 1e-300 to 1 - 1e-12', () => {
    for (const p of [1e-300, 1e-20, 1e-6, 0.01, 0.3, 0.6, 0.99, 1 - 1e-12])
      expect(normalCdf(normalQuantile(p)) / p).toBeCloseTo(1, 9);
  });
  it('the quantile is ±Infinity at 0 and 1 and NaN outside [0, 1]', () => {
    expect(normalQuantile(0)).toBe(-Infinity);
    expect(normalQuantile(1)).toBe(Infinity);
    expect(normalQuantile(1.5)).toBeNaN();
  });
});

describe('Student t distribution', () => {
  it('matches the t table: t(0.975, 10) = 2.228138852, t(0.975, 1) = 12.70620474, t(0.975, 1000) = 1.962339', () => {
    expect(studentTQuantile(0.975, 10)).toBeCloseTo(2.228138852, 9);
    expect(studentTQuantile(0.975, 1)).toBeCloseTo(12.70620474, 8);
    expect(studentTQuantile(0.975, 1000)).toBeCloseTo(1.962339, 6);
    expect(studentTQuantile(0.95, 5)).toBeCloseTo(2.015048373, 9);
    expect(studentTQuantile(0.995, 30)).toBeCloseTo(2.749995654, 9);
    expect(studentTQuantile(0.025, 10)).toBeCloseTo(-2.228138852, 9);
  });
  it('matches the closed forms for 1 and 2 degrees of freedom', () => {
    // ν = 1 (Cauchy): F(t) = ½ + atan(t)/π, so F(1) = 0.75 and t(0.975) = tan(0.475π)
    expect(studentTCdf(1, 1)).toBeCloseTo(0.75, 14);
    expect(studentTQuantile(0.975, 1)).toBeCloseTo(Math.tan(0.475 * Math.PI), 10);
    // ν = 2: F(t) = ½ + t / (2√(2 + t²)), so F(1) = ½ + 1/(2√3) = 0.7886751345948129;
    // t(p) = (2p − 1)/√(2p(1 − p)), so t(0.975) = 0.95/√0.04875 = 4.302652729749464
    expect(studentTCdf(1, 2)).toBeCloseTo(0.5 + 1 / (2 * Math.sqrt(3)), 14);
    expect(studentTQuantile(0.975, 2)).toBeCloseTo(0.95 / Math.sqrt(0.04875), 10);
  });
  it('the CDF gives back the table probabilities and inverts the quantile for any degrees of freedom', () => {
    expect(studentTCdf(2.228138852, 10)).toBeCloseTo(0.975, 9);
    expect(studentTCdf(-12.70620474, 1)).toBeCloseTo(0.025, 9);
    for (const df of [0.5, 1, 3, 9, 29.5, 200, 5e4, 2e5, 1e7]) {
      for (const p of [1e-10, 0.001, 0.2, 0.5, 0.9, 0.975]) {
        expect(studentTCdf(studentTQuantile(p, df), df) / p).toBeCloseTo(1, 9);
      }
    }
  });
  it('is continuous where the large-ν expansion takes over and tends to the normal', () => {
    expect(studentTQuantile(0.975, 99_999)).toBeCloseTo(studentTQuantile(0.975, 100_001), 9);
    expect(studentTCdf(-3, 99_999)).toBeCloseTo(studentTCdf(-3, 100_001), 10);
    expect(studentTCdf(-3, 1e6)).toBeCloseTo(0.0013499312707109, 13);
    expect(studentTQuantile(0.975, 1e12)).toBeCloseTo(1.959963984540054, 10);
  });
});

describe('noncentral t distribution', () => {
  it('is the central t at δ = 0 and Φ(t − δ) for very many degrees of freedom', () => {
    expect(noncentralTCdf(2.228138852, 10, 0)).toBeCloseTo(0.975, 9);
    expect(noncentralTCdf(1.5, 1e6, 1)).toBeCloseTo(normalCdf(0.5), 5);
  });
  it('gives the power 0.8030969 of a two-sided paired t test with 10 deals and d_z = 1 (G*Power)', () => {
    // df = 9, critical t = 2.262157, noncentrality √10 · 1 = 3.162278
    const critical = studentTQuantile(0.975, 9);
    const delta = Math.sqrt(10);
    expect(1 - noncentralTCdf(critical, 9, delta) + noncentralTCdf(-critical, 9, delta)).toBeCloseTo(0.8030969, 6);
  });
  it('mirrors: F(t; ν, δ) = 1 − F(−t; ν, −δ), and keeps its terms for a large δ', () => {
    expect(noncentralTCdf(-1.3, 7, 0.8)).toBeCloseTo(1 - noncentralTCdf(1.3, 7, -0.8), 14);
    // δ = 40 with 1000 df: T is about normal with mean 40.0 and sd 1.04 (λ = 800 weights, no underflow)
    expect(noncentralTCdf(40, 1000, 40)).toBeGreaterThan(0.45);
    expect(noncentralTCdf(40, 1000, 40)).toBeLessThan(0.55);
  });
});
