/**
 * Writes one PNG of every example chart (`exampleCharts`) for a visual check:
 * `npx tsx scripts/chart-samples.ts [DIR]` (default results/chart-samples).
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { exampleCharts, toPNG } from '../src/charts/index.ts';

const dir = process.argv[2] ?? join('results', 'chart-samples');
mkdirSync(dir, { recursive: true });
for (const example of exampleCharts()) {
  const file = join(dir, `${example.name}.png`);
  writeFileSync(file, await toPNG(example.spec));
  console.log(file);
}
