/**
 * Holm's step-down correction (Holm 1979) of m p-values, controlling the family-wise error rate:
 * sort them ascending p₍₁₎ ≤ … ≤ p₍ₘ₎, then adjusted p₍ᵢ₎ = max over j ≤ i of min(1, (m − j + 1) · p₍ⱼ₎).
 * A hypothesis is rejected at level α when its adjusted p-value is ≤ α. Same results as R's
 * `p.adjust(p, "holm")`. Missing p-values (null or NaN) are left out of m and stay null.
 */

/**
 * Holm-adjusted p-values, in the order given.
 * @example holmAdjust([0.01, 0.04, 0.03, 0.005]) // [0.03, 0.06, 0.06, 0.02]
 */
export function holmAdjust(pValues: readonly (number | null)[]): (number | null)[] {
  const present = pValues.flatMap((p, i) => (p === null || Number.isNaN(p) ? [] : [i]));
  for (const i of present) {
    const p = pValues[i]!;
    if (!(p >= 0 && p <= 1)) throw new RangeError(`holmAdjust: p-values must be in [0, 1], got ${p}`);
  }
  const order = present.sort((i, j) => pValues[i]! - pValues[j]! || i - j);
  const m = order.length;
  const out: (number | null)[] = pValues.map(() => null);
  let running = 0;
  order.forEach((i, rank) => {
    running = Math.max(running, Math.min(1, (m - rank) * pValues[i]!));
    out[i] = running;
  });
  return out;
}
