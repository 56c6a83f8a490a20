/**
 * Ridge least squares for the learned evaluation's fit (`npm run train`): weights w minimising
 * Σ (y − x·w)² + λ·Σ w², by the normal equations and a Cholesky factorisation (a few dozen columns,
 * any number of rows, accumulated row by row so the rows need not be kept).
 */
export class RidgeAccumulator {
  /** XᵀX, row-major. */
  private readonly xtx: Float64Array;
  private readonly xty: Float64Array;
  private rows = 0;

  constructor(readonly columns: number) {
    this.xtx = new Float64Array(columns * columns);
    this.xty = new Float64Array(columns);
  }

  /** Adds one row: features `x[offset … offset + columns)` and target `y`. */
  add(x: Float64Array, offset: number, y: number): void {
    const k = this.columns;
    for (let i = 0; i < k; i++) {
      const xi = x[offset + i]!;
      if (xi === 0) continue;
      this.xty[i]! += xi * y;
      for (let j = 0; j < k; j++) this.xtx[i * k + j]! += xi * x[offset + j]!;
    }
    this.rows++;
  }

  get count(): number {
    return this.rows;
  }

  /** The weights for penalty `lambda` (per row, so it does not fade as rows are added). */
  solve(lambda: number): Float64Array {
    const k = this.columns;
    const a = Float64Array.from(this.xtx);
    for (let i = 0; i < k; i++) a[i * k + i]! += lambda * Math.max(1, this.rows);
    return choleskySolve(a, Float64Array.from(this.xty), k);
  }
}

/** Solves A·x = b for a symmetric positive definite k×k matrix A (row-major; overwritten). */
export function choleskySolve(a: Float64Array, b: Float64Array, k: number): Float64Array {
  for (let j = 0; j < k; j++) {
    let d = a[j * k + j]!;
    for (let m = 0; m < j; m++) d -= a[j * k + m]! ** 2;
    if (!(d > 0)) throw new Error(`least squares: the matrix is not positive definite at column ${j} (a feature that is always 0? raise the penalty)`);
    const l = Math.sqrt(d);
    a[j * k + j] = l;
    for (let i = j + 1; i < k; i++) {
      let s = a[i * k + j]!;
      for (let m = 0; m < j; m++) s -= a[i * k + m]! * a[j * k + m]!;
      a[i * k + j] = s / l;
    }
  }
  const x = new Float64Array(k);
  for (let i = 0; i < k; i++) {
    let s = b[i]!;
    for (let m = 0; m < i; m++) s -= a[i * k + m]! * x[m]!;
    x[i] = s / a[i * k + i]!;
  }
  for (let i = k - 1; i >= 0; i--) {
    let s = x[i]!;
    for (let m = i + 1; m < k; m++) s -= a[m * k + i]! * x[m]!;
    x[i] = s / a[i * k + i]!;
  }
  return x;
}
