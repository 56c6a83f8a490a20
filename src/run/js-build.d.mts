// Types of js-build.mjs (plain JavaScript: bin/carclab.js reads it before tsx is registered).
export function repositoryRoot(moduleUrl: string): string;
export function jsBuild(root?: string): string | undefined;
export function compiledWorker(root?: string): string | undefined;
export function builtPath(dir: string, file: string): string;
