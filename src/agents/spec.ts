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
import {
  InputError,
  assignmentsText,
  paramsOf,
  parseAssignments,
  withDefaults,
  writtenValues,
} from '../engine/index.ts';
import type { Rng } from '../engine/index.ts';
import type { Agent, AgentSpec } from './agent.ts';
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
  const body = colon < 0 ? '' : text.slice(colon + 1);
  const context = {
    where: `${where}: agent ${name}`,
    code: 'usage' as const,
    noun: 'parameter',
    known: `known parameters of ${name}`,
    withDomains: true,
    extra: { [FORBID_KEY]: 'mechanics it may not use, a+b, default none' },
  };
  if (colon >= 0 && body.trim() === '')
    fail(`agent spec ${JSON.stringify(text)} has nothing after ":"; write ${name} alone for its defaults`);
  const given = parseAssignments(definition.params, body, context);
  const forbidText = given.extra[FORBID_KEY];
  const forbid = forbidText === undefined ? [] : parseForbid(forbidText, (m) => fail(`agent ${name}: ${m}`));
  const params = withDefaults(definition.params, given.values);
  const problem = definition.resolve?.(params, new Set(Object.keys(given.values)));
  if (problem) fail(`agent ${name}: ${problem}`);
  // `forbid=` only when it names a mechanic: an unrestricted agent keeps the spec (and run ids) it always had.
  const canonical = [
    assignmentsText(definition.params, params),
    ...(forbid.length ? [`${FORBID_KEY}=${forbid.join('+')}`] : []),
  ]
    .filter((part) => part !== '')
    .join(',');
  return {
    name,
    params: writtenValues(params),
    forbid,
    text: canonical ? `${name}:${canonical}` : name,
    reproducible: definition.reproducible?.(params) ?? true,
  };
}

export function createAgent(spec: AgentSpec, rng: Rng): Agent {
  const definition = agentDefinition(spec.name);
  if (!definition) throw new Error(`agent ${spec.name} is not registered`);
  const params = paramsOf(definition.params, spec.params);
  if (spec.forbid.length === 0) return definition.create(rng, params);
  const restriction = new Restriction(spec.forbid);
  return new RestrictedAgent(definition.create(rng, params, restriction), restriction);
}
