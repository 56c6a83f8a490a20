import { Resvg } from '@resvg/resvg-js';
import { describe, expect, it } from 'vitest';
import { estimatesChart, svgToPNG, toPNG, toSVG } from '../../src/charts/index.ts';
import { darkPixels, decodePNG } from './png.ts';

// A chart with only a title in its top band: padding 8 + title 15 px at zoom 2 ends above row 48.
const spec = estimatesChart([{ arm: 'base', estimate: 1, lower: 0.5, upper: 1.5 }], {
  title: 'Mean score by arm',
  category: 'arm',
  valueTitle: 'points',
});
const TITLE_BAND = [0, 48] as const;

describe('fonts', () => {
  it('the title is drawn: the title band of the PNG has dark pixels', async () => {
    const image = decodePNG(await toPNG(spec));
    expect(darkPixels(image, ...TITLE_BAND)).toBeGreaterThan(50);
  });

  it('the guard would notice missing fonts: without any font the same band is empty', async () => {
    const svg = await toSVG(spec);
    const fontless = new Resvg(svg, {
      fitTo: { mode: 'zoom', value: 2 },
      background: 'white',
      font: { loadSystemFonts: false, fontFiles: [] },
    });
    expect(darkPixels(decodePNG(fontless.render().asPng()), ...TITLE_BAND)).toBe(0);
  });

  it('PNGs are the same bytes on every render (bundled fonts only)', async () => {
    const svg = await toSVG(spec);
    expect(Buffer.from(svgToPNG(svg)).equals(Buffer.from(svgToPNG(svg)))).toBe(true);
  });
});
