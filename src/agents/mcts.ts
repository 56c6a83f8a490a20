/**
 * `mcts`: determinized (information-set) Monte Carlo tree search over the engine's legal actions.
 *
 * Hidden information: the agent never reads the order of the undrawn tiles. At each decision it
 * takes the multiset of the undrawn tiles (sorted, so their order is forgotten) and, every iteration,
 * deals itself a fresh order of them from its own random stream; the search swaps that deck into the
 * state while it searches and puts the real one back.
 *
 * The tree (`tree.ts`) covers both decisions of a turn (placement, then follow-up: nothing, a meeple,
 * an expansion action) for every player; after a follow-up, a chance node branches on the tile the
 * determinization draws next. Rotations that look the same are one placement (`Game.distinctRotation`).
 * Nothing in here knows an expansion: actions, follow-ups and scores come from the engine, the leaf
 * evaluation from the expansions' hooks.
 *
 * One iteration: determinize → descend by UCT (a node's unplayed children first) → play one new
 * action → roll out (`rollout`: `uniform` over legal actions; `meeple`: uniform placements and,
 * with probability `meeple`, a uniformly chosen follow-up other than nothing; `greedy`: the one-ply
 * `greedy` agent with this agent's evaluation weights and stream; `none`: no rollout)
 * until the end of the game or for `depth` turns → reward → back up. Reward of each player: its
 * score minus the best opponent's, in units of `REWARD_SCALE` points — final scores at the end of
 * the game, the rule-aware evaluation (`evaluation.ts`, with this agent's weights `meepleCost`,
 * `farmerCost`, `emptyHand`) after a truncated rollout. UCT: mean + c·√(ln N / n).
 * Guided nodes: within `guide` decisions of the root, a node's children are ordered best first by
 * their one-ply value to the player choosing there (`one-ply.ts`, as `greedy` values them) and
 * widened progressively (at n visits the first 1 + ⌊widen·√n⌋ may be played); deeper nodes play
 * their children in a shuffled order. The root keeps only its best `width` placements.
 * The move played is the root child with the most visits; the follow-up of a placement is chosen in
 * the same search (the most visited follow-up under the chosen placement), so a turn costs one search.
 *
 * Budget: `iterations` (deterministic: the same stream gives the same move) and/or `ms` (wall-clock,
 * so not reproducible); the search stops at the first limit reached. Each iteration applies actions
 * under one `State.checkpoint` and rolls back: no clone, no allocation per iteration.
 */
import { performance } from 'node:perf_hooks';
import {
  copyUndrawnUnordered,
  FOLLOW_NOTHING,
  MAX_ACTIONS_HINT,
  PHASE_FOLLOW,
  PHASE_OVER,
  PHASE_PLACE,
  shuffleFrom,
} from '../engine/index.ts';
import type { AgentGame, AgentState, ParamsOf } from '../engine/index.ts';
import type { Rng } from '../engine/index.ts';
import { defineAgent, enumParam, intParam, realParam } from './agent.ts';
import type { Agent, AgentDefinition, Restriction } from './agent.ts';
import { Evaluator } from './evaluation/evaluation.ts';
import { OnePly } from './speed-path/one-ply.ts';
import { GreedyAgent } from './greedy.ts';
import { RestrictedAgent } from './forbid.ts';
import { CHANCE, DECISION, SearchTree } from './tree.ts';

/** Rewards are score differences divided by this many points (so `c` is in these units). */
export const REWARD_SCALE = 10;
const ROLLOUTS = ['none', 'uniform', 'meeple', 'greedy'] as const;
/** Wall-clock checks happen every this many iterations. */
const CLOCK_EVERY = 16;

/** The agent's parameters; the evaluation weights are passed on as they are. */
const MCTS_PARAMS = [
  intParam('iterations', 1000, 0, 10_000_000, 'iterations per decision (0: no limit, then ms must be set)'),
  intParam('ms', 0, 0, 600_000, 'wall-clock milliseconds per decision (0: no limit); makes runs not reproducible'),
  realParam('c', 1, 0, 100, 'UCT exploration constant, rewards in units of 10 points'),
  enumParam(
    'rollout',
    [...ROLLOUTS],
    'greedy',
    'rollout policy: none (evaluate the new node at once), uniform over legal actions, meeple (uniform placements, a follow-up other than nothing with probability meeple), or greedy (one-ply greedy moves: slower, better informed)',
  ),
  realParam('meeple', 0.3, 0, 1, 'meeple rollouts: probability of a follow-up other than nothing'),
  intParam('depth', 1, 0, 200, 'rollout turns before the rule-aware evaluation (0: play to the end)'),
  intParam('width', 12, 0, 10_000, 'placements searched at the root: the best by their one-ply value (0: all)'),
  intParam(
    'guide',
    3,
    0,
    200,
    'decisions below the root whose children are ordered by one-ply value and widened progressively (0: the root only)',
  ),
  realParam(
    'meepleCost',
    1.25,
    0,
    100,
    'evaluation: points charged per meeple standing on the board (greedy charges 1)',
  ),
  realParam(
    'farmerCost',
    4,
    0,
    100,
    'evaluation: points charged per meeple in a field, besides meepleCost (greedy charges 0)',
  ),
  realParam(
    'emptyHand',
    2,
    0,
    100,
    'evaluation: points charged to a player with no meeple left in hand (greedy charges 0)',
  ),
  realParam('widen', 1, 0, 100, 'progressive widening of guided nodes: 1 + widen·√visits children may be played'),
] as const;

/** How an `mcts` agent searches: its spec's parameters, typed. */
type MctsOptions = ParamsOf<typeof MCTS_PARAMS>;

class MctsAgent implements Agent {
  readonly name = 'mcts';
  private readonly tree = new SearchTree();
  private readonly legal = new Int32Array(MAX_ACTIONS_HINT);
  private path = new Int32Array(1024);
  private game: AgentGame | undefined;
  private evaluator: Evaluator | undefined;
  /** Each player's reward of the last rollout. */
  private rewards = new Float64Array(0);
  /** Determinized deck: the drawn part copied, the undrawn part re-dealt every iteration. */
  private deck = new Int16Array(0);
  // The follow-up chosen with the last placement, valid for the position right after it.
  private pending = -1;
  private pendingPlaced = -1;
  private pendingDeckPos = -1;
  /** One-ply values of the root's placements (`width`). */
  private onePly: OnePly | undefined;
  private greedy: GreedyAgent | undefined;
  private prior = new Float64Array(0);
  /** Iterations run by the last search (for benchmarks). */
  lastIterations = 0;

  /** `restriction` (`forbid=`): the follow-ups it may not choose, at its own nodes and in its own rollout turns. */
  constructor(
    private readonly rng: Rng,
    private readonly options: MctsOptions,
    private readonly restriction?: Restriction,
  ) {}

  choose(state: AgentState, legal: Int32Array, count: number): number {
    if (
      state.phase === PHASE_FOLLOW &&
      state.placedCount === this.pendingPlaced &&
      state.deckPos === this.pendingDeckPos
    ) {
      for (let i = 0; i < count; i++) if (legal[i] === this.pending) return this.pending;
    }
    this.pendingPlaced = -1;
    if (count === 1) return legal[0]!;
    this.prepare(state);
    const root = this.tree.reset();
    this.expand(root, state, 0);
    if (state.phase === PHASE_PLACE && this.options.width > 0)
      this.tree.childCount[root] = Math.min(this.tree.childCount[root]!, this.options.width);
    this.search(state, root);
    const best = this.mostVisited(root);
    if (state.phase === PHASE_PLACE) {
      const followUp = this.tree.childStart[best]! >= 0 ? this.mostVisited(best) : -1;
      if (followUp >= 0) {
        this.pending = this.tree.action[followUp]!;
        this.pendingPlaced = state.placedCount + 1;
        this.pendingDeckPos = state.deckPos;
      }
    }
    return this.tree.action[best]!;
  }

  /** Per-game buffers, and the undrawn tiles in a canonical (sorted) order. */
  private prepare(state: AgentState): void {
    if (this.game !== state.game) {
      this.game = state.game;
      this.evaluator = new Evaluator(state.game, this.options);
      this.rewards = new Float64Array(state.game.players);
    }
    if (this.deck.length !== state.deck.length) this.deck = new Int16Array(state.deck.length);
    copyUndrawnUnordered(this.deck, state.deck, state.deckPos);
  }

  /**
   * Orders the children of DECISION node `node` (just expanded, the state at its position) best first
   * by their one-ply value to the mover under the rule-aware evaluation: a placement by its best
   * follow-up (as `greedy` values it), a follow-up by the position it leaves. Marks the node guided.
   */
  private orderByValue(node: number, state: AgentState): void {
    const tree = this.tree;
    const me = state.currentPlayer;
    if (this.onePly?.game !== state.game) this.onePly = new OnePly(state.game, this.options);
    const onePly = this.onePly;
    const start = tree.childStart[node]!;
    const count = tree.childCount[node]!;
    if (this.prior.length < count) this.prior = new Float64Array(count * 2);
    const placing = state.phase === PHASE_PLACE;
    const deferFinal = state.deferFinal;
    state.deferFinal = true;
    if (placing) onePly.remember(state);
    const level = state.checkpoint();
    for (let i = 0; i < count; i++) {
      if (placing) {
        this.prior[i] = onePly.valuePlacement(state, tree.action[start + i]!, me, level, this.restriction);
        continue;
      }
      state.apply(tree.action[start + i]!);
      this.prior[i] = onePly.evaluator.margin(state, me);
      state.rollback(level, true);
    }
    state.rollback(level);
    if (placing) onePly.forget();
    state.deferFinal = deferFinal;
    // Insertion sort by value, best first (stable: equal values keep the shuffled order).
    for (let i = 1; i < count; i++) {
      const action = tree.action[start + i]!;
      const value = this.prior[i]!;
      let j = i;
      for (; j > 0 && this.prior[j - 1]! < value; j--) {
        tree.action[start + j] = tree.action[start + j - 1]!;
        this.prior[j] = this.prior[j - 1]!;
      }
      tree.action[start + j] = action;
      this.prior[j] = value;
    }
    tree.guided[node] = 1;
  }

  /** Runs the budget of iterations from `state` below `root`, on a copy that draws from the search's own deck. */
  private search(state: AgentState, root: number): void {
    const { iterations, ms } = this.options;
    const copy = state.clone(this.deck);
    copy.deferFinal = false;
    const level = copy.checkpoint();
    const deadline = ms > 0 ? performance.now() + ms : Infinity;
    let done = 0;
    while (
      (iterations === 0 || done < iterations) &&
      (done % CLOCK_EVERY !== 0 || done === 0 || performance.now() < deadline)
    ) {
      this.iterate(copy, root);
      copy.rollback(level, true);
      done++;
    }
    this.lastIterations = done;
  }

  /** One iteration: determinize, select and expand, roll out, back up. */
  // hot path
  private iterate(state: AgentState, root: number): void {
    const tree = this.tree;
    const rng = this.rng;
    // 1. Determinize: a fresh order of the undrawn tiles.
    shuffleFrom(this.deck, state.deckPos, rng);
    // 2. Select by UCT down to a node with an unplayed child; play it.
    let node = root;
    let length = 0;
    let ply = 0;
    this.pathPush(length++, node);
    for (;;) {
      if (state.phase === PHASE_OVER) break;
      if (tree.kind[node] === CHANCE) {
        node = tree.keyedChild(node, state.drawn);
        this.pathPush(length++, node);
        continue;
      }
      if (tree.childStart[node]! < 0) this.expand(node, state, ply);
      const untried = tree.untried[node]!;
      const fresh = untried < this.tryable(node);
      let child: number;
      if (fresh) {
        child = tree.childStart[node]! + untried;
        tree.untried[node] = untried + 1;
      } else {
        child = this.select(node);
      }
      state.apply(tree.action[child]!);
      this.pathPush(length++, child);
      if (fresh) break;
      node = child;
      ply++;
    }
    // 3. Roll out, 4. back up.
    this.rollout(state);
    const rewards = this.rewards;
    for (let i = 0; i < length; i++) {
      const n = this.path[i]!;
      tree.visits[n]! += 1;
      const mover = tree.mover[n]!;
      if (mover >= 0) tree.reward[n]! += rewards[mover]!;
    }
  }

  private pathPush(at: number, node: number): void {
    if (at === this.path.length) {
      const longer = new Int32Array(this.path.length * 2);
      longer.set(this.path);
      this.path = longer;
    }
    this.path[at] = node;
  }

  /**
   * How many of `node`'s children may have been played by now: all of them, or for a guided node
   * 1 + ⌊widen·√visits⌋ (progressive widening: the next best by one-ply value joins as visits grow).
   */
  // hot path
  private tryable(node: number): number {
    const tree = this.tree;
    const count = tree.childCount[node]!;
    if (tree.guided[node] === 0) return count;
    return Math.min(count, 1 + Math.floor(this.options.widen * Math.sqrt(tree.visits[node]!)));
  }

  /**
   * Creates the children of DECISION node `node` (at `ply` decisions below the root): one per legal
   * action (distinct placements), shuffled; within `guide` plies of the root, then ordered by value.
   */
  private expand(node: number, state: AgentState, ply: number): void {
    const tree = this.tree;
    const legal = this.legal;
    let n = state.legalActions(legal);
    if (this.restriction) n = this.restriction.filter(state, legal, n);
    if (state.phase === PHASE_PLACE) {
      const distinct = state.game.distinctRotation;
      const t4 = state.drawn * 4;
      let kept = 0;
      for (let i = 0; i < n; i++) if (distinct[t4 + (legal[i]! & 3)] === 1) legal[kept++] = legal[i]!;
      n = kept;
    }
    for (let i = n - 1; i > 0; i--) {
      const j = Math.floor(this.rng() * (i + 1));
      const t = legal[i]!;
      legal[i] = legal[j]!;
      legal[j] = t;
    }
    tree.reserve(n);
    const childKind = state.phase === PHASE_PLACE ? DECISION : CHANCE;
    const mover = state.currentPlayer;
    tree.childStart[node] = tree.size;
    tree.childCount[node] = n;
    for (let i = 0; i < n; i++) tree.add(childKind, legal[i]!, mover);
    if (ply <= this.options.guide && n > 1) this.orderByValue(node, state);
  }

  /** The UCT choice among the (all played) children of `node`. */
  // hot path
  private select(node: number): number {
    const tree = this.tree;
    const start = tree.childStart[node]!;
    const end = start + tree.untried[node]!;
    const logN = Math.log(tree.visits[node]!);
    const c = this.options.c;
    let best = start;
    let bestValue = -Infinity;
    for (let i = start; i < end; i++) {
      const n = tree.visits[i]!;
      const value = tree.reward[i]! / n + c * Math.sqrt(logN / n);
      if (value > bestValue) {
        bestValue = value;
        best = i;
      }
    }
    return best;
  }

  /** The child of `node` with the most visits (ties: the better mean). */
  private mostVisited(node: number): number {
    const tree = this.tree;
    const start = tree.childStart[node]!;
    let best = start;
    for (let i = start + 1; i < start + tree.childCount[node]!; i++) {
      const n = tree.visits[i]!;
      const m = tree.visits[best]!;
      if (n > m || (n === m && n > 0 && tree.reward[i]! / n > tree.reward[best]! / m)) best = i;
    }
    return best;
  }

  /** Plays on with the rollout policy, then writes each player's reward into `rewards`. */
  // hot path
  private rollout(state: AgentState): void {
    const depth = this.options.depth;
    let turns = 0;
    while (state.phase !== PHASE_OVER && this.options.rollout !== 'none') {
      if (state.phase === PHASE_PLACE) {
        if (depth > 0 && turns === depth) break;
        turns++;
      }
      state.apply(this.rolloutAction(state));
    }
    const players = state.game.players;
    const rewards = this.rewards;
    if (state.phase === PHASE_OVER) {
      for (let p = 0; p < players; p++) rewards[p] = state.score(p);
    } else {
      rewards.set(this.evaluator!.totals(state));
    }
    // Each player's total minus the best other total: from the top two.
    let first = -Infinity;
    let second = -Infinity;
    for (let p = 0; p < players; p++) {
      const v = rewards[p]!;
      if (v > first) {
        second = first;
        first = v;
      } else if (v > second) {
        second = v;
      }
    }
    for (let p = 0; p < players; p++) {
      const v = rewards[p]!;
      rewards[p] = (v - (v === first ? second : first)) / REWARD_SCALE;
    }
  }

  /** The rollout policy's action in `state` (phase PLACE or FOLLOW). */
  private rolloutAction(state: AgentState): number {
    const { rng, legal } = this;
    const { rollout, meeple } = this.options;
    if (rollout === 'greedy') {
      // One-ply greedy with this agent's evaluation weights and random stream.
      this.greedy ??= new GreedyAgent(rng, true, this.options, this.restriction);
      return this.greedy.choose(state, legal, state.legalActions(legal));
    }
    if (state.phase === PHASE_PLACE) return state.samplePlacement(rng, legal);
    let n = state.legalFollowUps(legal);
    if (this.restriction) n = this.restriction.filter(state, legal, n);
    if (rollout === 'uniform') return legal[Math.floor(rng() * n)]!;
    return n > 1 && rng() < meeple ? legal[1 + Math.floor(rng() * (n - 1))]! : FOLLOW_NOTHING;
  }
}

/** Iterations the last search of an `mcts` agent ran (0 for other agents). */
export const searchIterations = (agent: Agent): number => {
  const inner = agent instanceof RestrictedAgent ? agent.inner : agent;
  return inner instanceof MctsAgent ? inner.lastIterations : 0;
};

export const mctsAgent: AgentDefinition = defineAgent({
  name: 'mcts',
  description:
    'determinized Monte Carlo tree search over both decisions of a turn (the undrawn tiles re-dealt from its own stream every iteration)',
  params: MCTS_PARAMS,
  resolve(params, given) {
    if (given.has('ms') && !given.has('iterations')) params.iterations = 0;
    return params.iterations === 0 && params.ms === 0 ? 'needs a budget: iterations > 0 or ms > 0' : undefined;
  },
  reproducible: (params) => params.ms === 0,
  create: (rng, params, restriction) => new MctsAgent(rng, params, restriction),
});
