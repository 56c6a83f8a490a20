/**
 * Regenerates the engine's golden file (`npm run golden`): perft counts and seeded game transcripts
 * of every expansion mix and player count (`test/engine/conformance.ts`). Run it only when a change
 * of the games is intended, and say why in the commit.
 */
import { writeFileSync } from 'node:fs';
import { CASES, GOLDEN_FILE, goldenOf } from '../test/engine/conformance.ts';

// One case per line, so a change shows which mixes and player counts it touched.
const lines = CASES.map((c) => `  ${JSON.stringify(c.key)}: ${JSON.stringify(goldenOf(c))}`);
writeFileSync(GOLDEN_FILE, `{\n${lines.join(',\n')}\n}\n`);
process.stderr.write(`golden: ${CASES.length} cases written to test/engine/golden/conformance.json\n`);
