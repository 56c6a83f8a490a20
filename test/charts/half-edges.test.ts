/** The picture of docs/tiles.md §2 (`docs/half-edges.svg`) is what `scripts/half-edges.ts` draws today. */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { HALF_EDGES_SVG, halfEdgesPicture } from '../../scripts/half-edges.ts';
import { HALF_EDGE_NAMES } from '../../src/engine/index.ts';

describe('the half-edge picture', () => {
  const svg = halfEdgesPicture();
  it('names the eight half-edges and the four sides around both tiles', () => {
    for (const name of [...HALF_EDGE_NAMES, 'N', 'E', 'S', 'W'])
      expect(svg.match(new RegExp(`>${name}</text>`, 'g')), name).toHaveLength(2);
  });
  it('is the committed docs/half-edges.svg (run npx tsx scripts/half-edges.ts after a change)', () => {
    expect(readFileSync(HALF_EDGES_SVG, 'utf8')).toBe(`${svg}\n`);
  });
});
