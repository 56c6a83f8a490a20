/** Linear systems of least-squares fits (`choice-fit.ts`, the balance search's model): a Cholesky solve. */

/** Factors a symmetric positive definite k×k matrix A (row-major) in place: its lower triangle becomes L, A = L·Lᵀ. */
export function choleskyFactor(a: Float64Array, k: number): Float64Array {
  for (let j = 0; j < k; j++) {
    let d = a[j * k + j]!;
    for (let m = 0; m < j; m++) d -= a[j * k + m]! ** 2;
    if (!(d > 0))
      throw new Error(
        `least squares: the matrix is not positive definite at column ${j} (a feature that is always 0? raise the penalty)`,
      );
    const l = Math.sqrt(d);
    a[j * k + j] = l;
    for (let i = j + 1; i < k; i++) {
      let s = a[i * k + j]!;
      for (let m = 0; m < j; m++) s -= a[i * k + m]! * a[j * k + m]!;
      a[i * k + j] = s / l;
    }
  }
  return a;
}

/** Solves L·Lᵀ·x = b for the factor L of `choleskyFactor`. */
export function choleskySolveFactored(l: Float64Array, b: ArrayLike<number>, k: number): Float64Array {
  const x = new Float64Array(k);
  for (let i = 0; i < k; i++) {
    let s = b[i]!;
    for (let m = 0; m < i; m++) s -= l[i * k + m]! * x[m]!;
    x[i] = s / l[i * k + i]!;
  }
  for (let i = k - 1; i >= 0; i--) {
    let s = x[i]!;
    for (let m = i + 1; m < k; m++) s -= l[m * k + i]! * x[m]!;
    x[i] = s / l[i * k + i]!;
  }
  return x;
}

/** Solves A·x = b for a symmetric positive definite k×k matrix A (row-major; overwritten). */
export function choleskySolve(a: Float64Array, b: Float64Array, k: number): Float64Array {
  return choleskySolveFactored(choleskyFactor(a, k), b, k);
}
