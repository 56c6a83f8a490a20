/**
 * The fonts charts are drawn with: DejaVu Sans from the `dejavu-fonts-ttf` package, never the
 * system's fonts, so a PNG has the same pixels on every machine.
 */
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

/** The font files the PNG renderer uses: DejaVu Sans regular, bold and their obliques. */
export function chartFontFiles(): string[] {
  // dejavu-fonts-ttf has no exports map, so its package.json resolves.
  const dir = join(dirname(createRequire(import.meta.url).resolve('dejavu-fonts-ttf/package.json')), 'ttf');
  return ['DejaVuSans.ttf', 'DejaVuSans-Bold.ttf', 'DejaVuSans-Oblique.ttf', 'DejaVuSans-BoldOblique.ttf'].map((f) =>
    join(dir, f),
  );
}
