/**
 * Regenerates the golden files (`npm run golden`): the engine's perft counts and seeded game
 * transcripts of every expansion mix and player count (`test/engine/conformance.ts`), and the agents'
 * seeded games (`test/agents/agent-games.ts`). Run it only when a change of the games is intended,
 * and say why in the commit.
 */
import { writeFileSync } from 'node:fs';
import { CASES, GOLDEN_FILE, goldenOf } from '../test/engine/conformance.ts';
import { AGENT_GAMES_FILE, agentGames } from '../test/agents/agent-games.ts';

// One case per line, so a change shows which mixes and player counts it touched.
const lines = CASES.map((c) => `  ${JSON.stringify(c.key)}: ${JSON.stringify(goldenOf(c))}`);
writeFileSync(GOLDEN_FILE, `{\n${lines.join(',\n')}\n}\n`);
process.stderr.write(`golden: ${CASES.length} cases written to test/engine/golden/conformance.json\n`);
writeFileSync(AGENT_GAMES_FILE, `${JSON.stringify(agentGames(), null, 1)}\n`);
process.stderr.write('golden: agent games written to test/agents/golden/agent-games.json\n');
