import { describe, expect, it } from 'vitest';
import { makeRng } from '../../src/sim/rng.ts';
import { Folded, Mlp } from '../../src/agents/evaluation/mlp.ts';
import { fitMlp, mse } from '../../src/stats/mlp-fit.ts';

/** Rows of y = 3·max(0, x0 − x1) + 0.5·x2 + 10 with x drawn from [0, 10)³, inputs on different scales. */
function data(rows: number, seed: string) {
  const rng = makeRng(seed);
  const x = new Float32Array(rows * 3);
  const y = new Float32Array(rows);
  for (let r = 0; r < rows; r++) {
    const a = 10 * rng();
    const b = 10 * rng();
    const c = 1000 * rng();
    x.set([a, b, c], r * 3);
    y[r] = 3 * Math.max(0, a - b) + 0.005 * c + 10;
  }
  return { x, y, rows };
}

describe('the small network', () => {
  it('learns a kinked function from inputs on different scales, measured on rows it did not see', () => {
    const train = data(4000, 'mlp-train');
    const net = new Mlp([3, 16, 8, 1]);
    fitMlp(net, train, train.rows, { epochs: 30, batch: 32, rate: 0.005, decay: 0 }, makeRng('mlp-fit'));
    const held = data(500, 'mlp-held');
    let variance = 0;
    const mean = held.y.reduce((a, b) => a + b, 0) / held.rows;
    for (const v of held.y) variance += (v - mean) ** 2;
    variance /= held.rows;
    expect(mse(net, held, 0, held.rows) / variance).toBeLessThan(0.02);
  });

  it('the folded network for play answers as the trained one, from the raw inputs', () => {
    const train = data(500, 'mlp-fold');
    const net = new Mlp([3, 8, 4, 1]);
    fitMlp(net, train, train.rows, { epochs: 2, batch: 16, rate: 0.01, decay: 1e-4 }, makeRng('mlp-fold'));
    const folded = net.fold();
    for (let r = 0; r < 50; r++) {
      const x = Float64Array.from(train.x.subarray(r * 3, r * 3 + 3));
      expect(folded.forward(x)).toBeCloseTo(net.forward(x), 9);
    }
  });

  // 38,48,24,1 is compiled into several functions (more terms than one takes), 12,9,5,1 into one.
  it.each([[[12, 9, 5, 1]], [[38, 48, 24, 1]]])(
    'the folded network %j sums to the last bit as row by row, zero inputs and units included',
    (sizes) => {
      // Row-major reference: each output its bias plus every term in input order, zeros included.
      const rng = makeRng('mlp-sparse');
      const layers = sizes
        .slice(1)
        .map((out, l) => Float64Array.from({ length: out * sizes[l]! + out }, () => rng() - 0.5));
      const reference = (x: Float64Array) => {
        let input = x;
        layers.forEach((w, l) => {
          const nIn = sizes[l]!;
          const nOut = sizes[l + 1]!;
          const output = new Float64Array(nOut);
          for (let o = 0; o < nOut; o++) {
            let s = w[nOut * nIn + o]!;
            for (let i = 0; i < nIn; i++) s += w[o * nIn + i]! * input[i]!;
            output[o] = l < layers.length - 1 && s < 0 ? 0 : s;
          }
          input = output;
        });
        return input[0]!;
      };
      const folded = new Folded(sizes, layers);
      // About four inputs in ten are 0; random weights leave about half the hidden units at 0 after the ReLU.
      for (let r = 0; r < 200; r++) {
        const x = Float64Array.from({ length: sizes[0]! }, () => (rng() < 0.4 ? 0 : 100 * (rng() - 0.5)));
        expect(folded.forward(x)).toBe(reference(x));
      }
    },
  );

  it('is the same network for the same rows and stream', () => {
    const train = data(300, 'mlp-same');
    const fitted = () => {
      const net = new Mlp([3, 8, 1]);
      fitMlp(net, train, train.rows, { epochs: 3, batch: 16, rate: 0.01, decay: 0 }, makeRng('mlp-same'));
      return net.layers.map((l) => Array.from(l));
    };
    expect(fitted()).toEqual(fitted());
  });
});
