/**
 * Agent specs: `name` or `name:key=value,key=value`, e.g. `mcts:iterations=2000,c=0.7`.
 *
 *   parseAgentSpec(text, where) → AgentSpec { name, params (every default filled in), forbid, text
 *     (canonical: every parameter, keys in the definition's order, then `forbid=` when it names any), reproducible }
 *   createAgent(spec, rng)      → Agent
 *
 * Every agent takes `forbid=` (`forbid.ts`): the mechanics it may not use, `+`-separated.
 *
 * A bad spec (unknown agent, unknown or repeated key, bad value) is `InputError('usage', …)` naming
 * `where` and listing what is allowed. Parsing the canonical text again gives the same spec, so
 * plans, manifests and run ids carry canonical texts.
 */
import { InputError } from '../engine/index.ts';
import type { Rng } from '../engine/index.ts';
import type { Agent, AgentParamDef, AgentParamValue, AgentSpec } from './agent.ts';
import { agentDefinition, agentNames } from './registry.ts';
import { FORBID_KEY, parseForbid, RestrictedAgent, Restriction } from './forbid.ts';

export function parseAgentSpec(text: string, where: string): AgentSpec {
  const fail = (message: string): never => {
    throw new InputError('usage', `${where}: ${message}`);
  };
  if (typeof text !== 'string')
    fail(`an agent spec must be a string like "mcts:iterations=2000", got ${JSON.stringify(text)}`);
  const colon = text.indexOf(':');
  const name = (colon < 0 ? text : text.slice(0, colon)).trim();
  const definition = agentDefinition(name);
  if (!definition) return fail(`unknown agent ${JSON.stringify(name)}; known agents: ${agentNames().join(', ')}`);
  const forbidDomain = `${FORBID_KEY} (mechanics it may not use, a+b, default none)`;
  const known = () => `known parameters of ${name}: ${[...definition.params.map(domainOf), forbidDomain].join('; ')}`;

  const params: Record<string, AgentParamValue> = {};
  for (const def of definition.params) params[def.name] = def.default;
  const given = new Set<string>();
  let forbid: string[] = [];
  const body = colon < 0 ? '' : text.slice(colon + 1);
  if (colon >= 0 && body.trim() === '') fail(`agent spec ${JSON.stringify(text)} has nothing after ":"; ${known()}`);
  for (const pair of body === '' ? [] : body.split(',')) {
    const eq = pair.indexOf('=');
    const key = (eq < 0 ? pair : pair.slice(0, eq)).trim();
    const def = definition.params.find((d) => d.name === key);
    if (!def && key !== FORBID_KEY) fail(`agent ${name}: unknown parameter ${JSON.stringify(key)}; ${known()}`);
    if (eq < 0) fail(`agent ${name}: parameter ${key} needs a value (${key}=…); ${def ? domainOf(def) : forbidDomain}`);
    if (given.has(key)) fail(`agent ${name}: parameter ${key} is given twice`);
    given.add(key);
    const value = pair.slice(eq + 1).trim();
    if (def) params[key] = parseValue(def, value, (m) => fail(`agent ${name}: ${m}`));
    else forbid = parseForbid(value, (m) => fail(`agent ${name}: ${m}`));
  }
  const problem = definition.resolve?.(params, given);
  if (problem) fail(`agent ${name}: ${problem}`);
  // `forbid=` only when it names a mechanic: an unrestricted agent keeps the spec (and run ids) it always had.
  const canonical = [
    ...definition.params.map((d) => `${d.name}=${formatValue(params[d.name]!)}`),
    ...(forbid.length ? [`${FORBID_KEY}=${forbid.join('+')}`] : []),
  ].join(',');
  return {
    name,
    params,
    forbid,
    text: canonical ? `${name}:${canonical}` : name,
    reproducible: definition.reproducible?.(params) ?? true,
  };
}

export function createAgent(spec: AgentSpec, rng: Rng): Agent {
  const definition = agentDefinition(spec.name);
  if (!definition) throw new Error(`agent ${spec.name} is not registered`);
  if (spec.forbid.length === 0) return definition.create(rng, spec.params);
  const restriction = new Restriction(spec.forbid);
  return new RestrictedAgent(definition.create(rng, spec.params, restriction), restriction);
}

function parseValue(def: AgentParamDef, raw: string, fail: (message: string) => never): AgentParamValue {
  const bad = () => fail(`${def.name} must be ${domainOf(def)}, got ${JSON.stringify(raw)}`);
  switch (def.kind) {
    case 'enum':
      return def.values.includes(raw) ? raw : bad();
    case 'bool':
      return raw === 'true' ? true : raw === 'false' ? false : bad();
    default: {
      if (def.kind === 'int' ? !/^[+-]?\d+$/.test(raw) : !/^[+-]?(\d+\.?\d*|\.\d+)(e[+-]?\d+)?$/i.test(raw))
        return bad();
      const value = Number(raw);
      return Number.isFinite(value) && value >= def.min && value <= def.max ? value : bad();
    }
  }
}

const formatValue = (value: AgentParamValue): string => String(value);

/** e.g. `iterations (whole number 1…1000000, default 1500)`. */
function domainOf(def: AgentParamDef): string {
  switch (def.kind) {
    case 'enum':
      return `${def.name} (one of ${def.values.join('|')}, default ${def.default})`;
    case 'bool':
      return `${def.name} (true|false, default ${def.default})`;
    case 'int':
      return `${def.name} (whole number ${def.min}…${def.max}, default ${def.default})`;
    default:
      return `${def.name} (number ${def.min}…${def.max}, default ${def.default})`;
  }
}
