/**
 * Vega-Lite → Vega compilation with a logger local to the call: warnings are collected and handed
 * back instead of going to vega-lite's global console logger. (vega-lite installs the given logger
 * for the duration of `compile` only and resets it afterwards.)
 */
import * as vl from 'vega-lite';
import type { TopLevelSpec } from 'vega-lite';
import type { LoggerInterface, Spec as VegaSpec } from 'vega';

export type { VegaSpec };

/** A message logged by vega-lite or vega while compiling or rendering. */
export interface ChartMessage {
  readonly level: 'error' | 'warn' | 'info' | 'debug';
  readonly text: string;
}

/** A logger that appends every message at or above `Warn` to `messages`; no global state. */
export function collectingLogger(messages: ChartMessage[]): LoggerInterface {
  let level = 2; // vega-util's Warn
  const text = (args: unknown[]) =>
    args.map((a) => (a instanceof Error ? a.message : typeof a === 'string' ? a : JSON.stringify(a))).join(' ');
  const logger: LoggerInterface = {
    level(value?: number) {
      if (value === undefined) return level;
      level = value;
      return logger;
    },
    error(...args: unknown[]) {
      if (level >= 1) messages.push({ level: 'error', text: text(args) });
      return logger;
    },
    warn(...args: unknown[]) {
      if (level >= 2) messages.push({ level: 'warn', text: text(args) });
      return logger;
    },
    info(...args: unknown[]) {
      if (level >= 3) messages.push({ level: 'info', text: text(args) });
      return logger;
    },
    debug(...args: unknown[]) {
      if (level >= 4) messages.push({ level: 'debug', text: text(args) });
      return logger;
    },
  };
  return logger;
}

/**
 * Compiles a Vega-Lite spec to Vega. The input is deep-copied first, so neither compilation nor a
 * later render (vega tags data objects it ingests) touches the caller's spec or rows.
 */
export function compileChart(spec: TopLevelSpec): { vega: VegaSpec; messages: ChartMessage[] } {
  const messages: ChartMessage[] = [];
  const { spec: vega } = vl.compile(structuredClone(spec), { logger: collectingLogger(messages) });
  return { vega, messages };
}
