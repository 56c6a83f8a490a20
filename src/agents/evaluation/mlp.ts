/**
 * A small multilayer perceptron in plain typed arrays: dense layers with ReLU between them and a
 * linear output, its inputs standardized by a fixed mean and scale. `forward` allocates nothing.
 * Agents play with it (`value-net.ts`); `src/stats/mlp-fit.ts` trains one.
 */

export interface MlpShape {
  /** Layer sizes, input first, output (1) last. */
  readonly sizes: readonly number[];
}

export class Mlp {
  /** Per layer l: weights [out × in] then biases [out], in one array per layer. */
  readonly layers: Float64Array[];
  readonly sizes: readonly number[];
  readonly inputMean: Float64Array;
  readonly inputScale: Float64Array;
  outputScale = 1;
  outputMean = 0;
  /** Activations per layer (input standardized at 0). */
  private readonly acts: Float64Array[];

  constructor(sizes: readonly number[]) {
    this.sizes = sizes;
    this.layers = sizes.slice(1).map((out, l) => new Float64Array(out * sizes[l]! + out));
    this.acts = sizes.map((n) => new Float64Array(n));
    this.inputMean = new Float64Array(sizes[0]!);
    this.inputScale = new Float64Array(sizes[0]!).fill(1);
  }

  /** The output for input `x` (raw, standardized here). */
  // hot path
  forward(x: Float64Array | Float32Array, at = 0): number {
    const a0 = this.acts[0]!;
    const n0 = this.sizes[0]!;
    for (let i = 0; i < n0; i++) a0[i] = (x[at + i]! - this.inputMean[i]!) * this.inputScale[i]!;
    const last = this.layers.length - 1;
    for (let l = 0; l <= last; l++) {
      const w = this.layers[l]!;
      const input = this.acts[l]!;
      const output = this.acts[l + 1]!;
      const nIn = this.sizes[l]!;
      const nOut = this.sizes[l + 1]!;
      const b = nOut * nIn;
      for (let o = 0; o < nOut; o++) {
        let s = w[b + o]!;
        const r = o * nIn;
        for (let i = 0; i < nIn; i++) s += w[r + i]! * input[i]!;
        output[o] = l < last && s < 0 ? 0 : s;
      }
    }
    return this.acts[this.sizes.length - 1]![0]! * this.outputScale + this.outputMean;
  }

  /**
   * The network with its standardization folded into the first layer's weights and biases and its
   * output scale into the last layer's, for play: `Folded.forward` then reads the raw input as it is.
   */
  fold(): Folded {
    const layers = this.layers.map((w) => Float64Array.from(w));
    const first = layers[0]!;
    const nIn = this.sizes[0]!;
    const nOut = this.sizes[1]!;
    for (let o = 0; o < nOut; o++) {
      let shift = 0;
      for (let i = 0; i < nIn; i++) {
        first[o * nIn + i]! *= this.inputScale[i]!;
        shift += first[o * nIn + i]! * this.inputMean[i]!;
      }
      first[nOut * nIn + o]! -= shift;
    }
    const last = layers[layers.length - 1]!;
    const l = this.sizes.length - 2;
    const lastIn = this.sizes[l]!;
    for (let i = 0; i < lastIn; i++) last[i]! *= this.outputScale;
    last[lastIn]! = last[lastIn]! * this.outputScale + this.outputMean;
    return new Folded(this.sizes, layers);
  }

  /** Activations of the last `forward` (for training). */
  activation(l: number): Float64Array {
    return this.acts[l]!;
  }
}

/**
 * A network ready for play (`Mlp.fold`): raw input in, output in the target's units. Its forward pass
 * is compiled once into straight-line JavaScript with the weights written in as numbers
 * (`compileForward`), which the JIT turns into multiplications by constants, with no weight array
 * read, index or loop, and the terms of an input that is 0 skipped: each output is its bias plus
 * every term of a nonzero input in input order, ReLU between layers. That is the row-major sum to the
 * last bit (a test holds it to that, zero inputs and units included): a skipped zero term would change
 * nothing but the sign of a sum that is 0.
 */
export class Folded {
  /** The output for raw input `x` (its first `sizes[0]` numbers). */
  readonly forward: (x: Float64Array) => number;

  constructor(
    readonly sizes: readonly number[],
    layers: readonly Float64Array[],
  ) {
    this.forward = compileForward(sizes, layers);
  }
}

/**
 * The most weighted terms one compiled function sums: V8 leaves a much longer function unoptimized (a
 * 38,48,24,1 network's 3,000 terms in one function ran about 25 times slower than a 38,32,16,1
 * network's 1,744).
 */
const TERMS_PER_FUNCTION = 2000;

/**
 * The forward pass of a network with row-major layers `layers` (per layer: weights [out × in], then
 * biases [out]) as a function of the raw input: each unit `a<layer>_<unit>` its bias plus its weighted
 * inputs in order, the hidden ones clipped at 0; the last layer's first unit returned. The units are
 * compiled in order into functions of at most `TERMS_PER_FUNCTION` terms (one unit's terms always in
 * one); a unit that a later function reads is passed on in a typed array (`h`), which keeps the double.
 * In a function, a layer's units are summed input by input, each input's terms behind one test: a raw
 * input that it is not 0, a hidden unit that it is above 0 (or NaN), which is its ReLU (about half the
 * raw inputs of recorded 4-player games are 0, and half the hidden units or more are at or below 0).
 * The test is written so, not after a clip to 0, because V8 took a clipped unit that it had only seen
 * clipped for a small integer, and took the compiled pass back when it was not.
 */
function compileForward(sizes: readonly number[], layers: readonly Float64Array[]): (x: Float64Array) => number {
  // `String` writes the shortest text that reads back as the same double; only -0 needs saying.
  const literal = (v: number) => (Object.is(v, -0) ? '-0' : String(v));
  const last = layers.length - 1;
  const units = layers.map((_, l) => (l === last ? 1 : sizes[l + 1]!));
  // The units in order, each with its layer, and the functions they fall into.
  const order = layers.flatMap((_, l) => Array.from({ length: units[l]! }, (_, o) => ({ l, o, chunk: 0 })));
  let terms = 0;
  let chunk = 0;
  for (const unit of order) {
    const n = sizes[unit.l]!;
    if (terms > 0 && terms + n > TERMS_PER_FUNCTION) [chunk, terms] = [chunk + 1, 0];
    unit.chunk = chunk;
    terms += n;
  }
  // Where each unit read by a later function is kept (`slot`), by its name.
  const slot = new Map<string, number>();
  for (const unit of order)
    if (unit.l < last && order.some((u) => u.l === unit.l + 1 && u.chunk > unit.chunk))
      slot.set(`a${unit.l}_${unit.o}`, slot.size);
  const h = new Float64Array(slot.size);
  const fns = Array.from({ length: chunk + 1 }, (_, c) => {
    const mine = order.filter((unit) => unit.chunk === c);
    const own = new Set(mine.map(({ l, o }) => `a${l}_${o}`));
    const inputs = (l: number) => Array.from({ length: sizes[l]! }, (_, i) => (l === 0 ? `x${i}` : `a${l - 1}_${i}`));
    const read = [...new Set(mine.flatMap(({ l }) => inputs(l)))]
      .filter((name) => !own.has(name))
      .map((name) => (name.startsWith('x') ? `${name} = x[${name.slice(1)}]` : `${name} = h[${slot.get(name)}]`));
    const body = read.length > 0 ? [`const ${read.join(', ')};`] : [];
    // The function's units layer by layer, each layer's input by input: an input that is 0 adds no
    // term, nor does a hidden unit at or below 0 (its ReLU: clipped, it would add a zero term).
    for (let l = 0; l <= last; l++) {
      const group = mine.filter((unit) => unit.l === l).map(({ o }) => o);
      if (group.length === 0) continue;
      const nIn = sizes[l]!;
      const w = layers[l]!;
      for (const o of group) body.push(`let a${l}_${o} = ${literal(w[sizes[l + 1]! * nIn + o]!)};`);
      inputs(l).forEach((input, i) => {
        const terms = group.map((o) => `a${l}_${o} += ${literal(w[o * nIn + i]!)} * ${input};`);
        body.push(`if (${l === 0 ? `${input} !== 0` : `!(${input} <= 0)`}) { ${terms.join(' ')} }`);
      });
      for (const o of group) if (slot.has(`a${l}_${o}`)) body.push(`h[${slot.get(`a${l}_${o}`)}] = a${l}_${o};`);
    }
    body.push(c === chunk ? `return a${last}_0;` : 'return 0;');
    return new Function('x', 'h', body.join('\n')) as (x: Float64Array, h?: Float64Array) => number;
  });
  // One function: it is the pass (it reads and writes no `h`).
  if (fns.length === 1) return fns[0]!;
  return (x) => {
    for (let c = 0; c < chunk; c++) fns[c]!(x, h);
    return fns[chunk]!(x, h);
  };
}
