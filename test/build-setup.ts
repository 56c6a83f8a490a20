/**
 * Vitest global setup: makes the JavaScript build of the sources (`src/run/js-build.mjs`) once before
 * the tests, so that test files spawning `bin/carclab.js` or starting pools at the same time do not
 * each transpile every source file.
 */
import { jsBuild } from '../src/run/js-build.mjs';

export function setup(): void {
  jsBuild();
}
