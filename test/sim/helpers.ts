/** Builders shared by the simulation tests. */
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { InputError } from '../../src/engine/index.ts';
import { resolveExperiment } from '../../src/sim/experiment.ts';
import type { ExperimentDefinition } from '../../src/sim/experiment.ts';
import type { Plan } from '../../src/sim/plan.ts';

/** Resolves an inline definition (tile files by path are read as JSON). */
export function planOf(definition: ExperimentDefinition | Record<string, unknown>, where = 'test-experiment'): Plan {
  return resolveExperiment(definition, {
    where,
    defaultName: 'test',
    readTileFile: (path) => {
      try {
        return { data: JSON.parse(readFileSync(path, 'utf8')), where: path };
      } catch (error) {
        throw new InputError('catalog', `${path}: ${(error as Error).message}`);
      }
    },
  });
}

export const tempDir = (prefix = 'carclab-sim-'): string => mkdtempSync(join(tmpdir(), prefix));

/** A designer tile file with one new tile type (a straight road with a city cap). */
export const designerTiles = (count = 3) => ({
  format: 'carclab-tiles/1',
  expansion: 'designer',
  tiles: [
    {
      id: 'Z1',
      count,
      edges: 'CRFR',
      cities: [{ edges: 'N', pennants: 1 }],
      roads: [{ edges: 'W+E' }],
      fields: [{ halves: 'Wn En', cities: ['c1'] }, { halves: 'Es Se Sw Ws' }],
    },
  ],
});
