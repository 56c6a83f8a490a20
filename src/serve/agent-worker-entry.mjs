// Entry of an explorer agent thread when the sources run as TypeScript without a JavaScript build
// (as src/run/worker-entry.mjs for the run's pool): registers tsx's loader in this thread, then hands
// over to agent-worker.ts.
import { register } from 'tsx/esm/api';

register();
const { default: run } = await import('./agent-worker.ts');
export default run;
