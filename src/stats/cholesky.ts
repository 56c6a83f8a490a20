/** Linear systems of the comparison fit (`choice-fit.ts`): a Cholesky solve. */
/** Solves A·x = b for a symmetric positive definite k×k matrix A (row-major; overwritten). */
export function choleskySolve(a: Float64Array, b: Float64Array, k: number): Float64Array {
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
