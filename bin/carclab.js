#!/usr/bin/env node
// The `carclab` command: runs the CLI from the JavaScript build of the sources (src/run/js-build.mjs,
// made or brought up to date here when the sources changed), or, when there can be no build, from the
// TypeScript sources through tsx.
import { pathToFileURL } from 'node:url';
import { builtPath, jsBuild } from '../src/run/js-build.mjs';

const build = jsBuild();
if (build !== undefined) {
  await import(pathToFileURL(builtPath(build, 'src/cli/main.ts')).href);
} else {
  const { register } = await import('tsx/esm/api');
  register();
  await import('../src/cli/main.ts');
}
