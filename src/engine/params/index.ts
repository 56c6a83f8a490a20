/** Parameters of rule modules and agents: declarations, the `key=value` parser, typed views, search knobs (docs/parameters.md). */
export * from './declare.ts';
export * from './assign.ts';
export * from './knobs.ts';
