// Entry of a pool worker thread when the sources run as TypeScript and there is no JavaScript build of
// the worker (js-build.mjs: TypeScript not installed, or the checkout not writable): registers tsx's
// loader in this thread through its API (as bin/carclab.js does for the main thread), then hands over
// to worker.ts.
// Passing tsx to the thread as `execArgv: ['--import', tsx]` instead made every game play about twice
// as slow as in the main thread (issue 12; `carclab bench --only run-2w-vs-main` guards this).
import { register } from 'tsx/esm/api';

register();
const { default: runShardTask } = await import('./worker.ts');
export default runShardTask;
