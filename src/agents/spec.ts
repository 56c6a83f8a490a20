/**
 * Agent specs: `name` or `name:key=value,key=value`, e.g. `mcts:iterations=2000,c=0.7`.
 *
 *   parseAgentSpec(text, where) → AgentSpec { name, params (every default filled in), text (canonical:
 *     every parameter, keys in the definition's order), reproducible }
 *   createAgent(spec, rng)      → Agent
 *
 * A bad spec (unknown agent, unknown or repeated key, bad value) is `InputError('usage', …)` naming
 * `where` and listing what is allowed. Parsing the canonical text again gives the same spec, so
 * plans, manifests and run ids carry canonical texts.
 */
import { InputError } from '../engine/index.ts';
import type { Rng } from '../engine/index.ts';
import type { Agent, AgentParamDef, AgentParamValue, AgentSpec } from './agent.ts';
import { agentDefinition, agentNames } from './registry.ts';

export function parseAgentSpec(text: string, where: string): AgentSpec {
  const fail = (message: string): never => {
    throw new InputError('usage', `${where}: ${message}`);
  };
  if (typeof text !== 'string') fail(`an agent spec must be a string like "mcts:iterations=2000", got ${JSON.stringify(text)}`);
  const colon = text.indexOf(':');
  const name = (colon < 0 ? text : text.slice(0, colon)).trim();
  const definition = agentDefinition(name);
  if (!definition) return fail(`unknown agent ${JSON.stringify(name)}; known agents: ${agentNames().join(', ')}`);
  const known = () => (definition.params.length ? `known parameters of ${name}: ${definition.params.map(domainOf).join('; ')}` : `${name} takes no parameters`);

  const params: Record<string, AgentParamValue> = {};
  for (const def of definition.params) params[def.name] = def.default;
  const given = new Set<string>();
  const body = colon < 0 ? '' : text.slice(colon + 1);
  if (colon >= 0 && body.trim() === '') fail(`agent spec ${JSON.stringify(text)} has nothing after ":"; ${known()}`);
  for (const pair of body === '' ? [] : body.split(',')) {
    const eq = pair.indexOf('=');
    const key = (eq < 0 ? pair : pair.slice(0, eq)).trim();
    const def = definition.params.find((d) => d.name === key);
    if (!def) fail(`agent ${name}: unknown parameter ${JSON.stringify(key)}; ${known()}`);
    if (eq < 0) fail(`agent ${name}: parameter ${key} needs a value (${key}=…); ${domainOf(def!)}`);
    if (given.has(key)) fail(`agent ${name}: parameter ${key} is given twice`);
    given.add(key);
    params[key] = parseValue(def!, pair.slice(eq + 1).trim(), (m) => fail(`agent ${name}: ${m}`));
  }
  const problem = definition.resolve?.(params, given);
  if (problem) fail(`agent ${name}: ${problem}`);
  const canonical = definition.params.map((d) => `${d.name}=${formatValue(params[d.name]!)}`).join(',');
  return {
    name,
    params,
    text: canonical ? `${name}:${canonical}` : name,
    reproducible: definition.reproducible?.(params) ?? true,
  };
}

export function createAgent(spec: AgentSpec, rng: Rng): Agent {
  const definition = agentDefinition(spec.name);
  if (!definition) throw new Error(`agent ${spec.name} is not registered`);
  return definition.create(rng, spec.params);
}

function parseValue(def: AgentParamDef, raw: string, fail: (message: string) => never): AgentParamValue {
  const bad = () => fail(`${def.name} must be ${domainOf(def)}, got ${JSON.stringify(raw)}`);
  switch (def.kind) {
    case 'enum':
      return def.values.includes(raw) ? raw : bad();
    case 'bool':
      return raw === 'true' ? true : raw === 'false' ? false : bad();
    default: {
      if (def.kind === 'int' ? !/^[+-]?\d+$/.test(raw) : !/^[+-]?(\d+\.?\d*|\.\d+)(e[+-]?\d+)?$/i.test(raw)) return bad();
      const value = Number(raw);
      return Number.isFinite(value) && value >= def.min && value <= def.max ? value : bad();
    }
  }
}

const formatValue = (value: AgentParamValue): string => String(value);

/** e.g. `iterations (whole number 1…1000000, default 1500)`. */
function domainOf(def: AgentParamDef): string {
  switch (def.kind) {
    case 'enum': return `${def.name} (one of ${def.values.join('|')}, default ${def.default})`;
    case 'bool': return `${def.name} (true|false, default ${def.default})`;
    case 'int': return `${def.name} (whole number ${def.min}…${def.max}, default ${def.default})`;
    default: return `${def.name} (number ${def.min}…${def.max}, default ${def.default})`;
  }
}
