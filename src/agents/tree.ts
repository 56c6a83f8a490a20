/**
 * The search tree of `mcts`, as structure-of-arrays typed arrays that grow by doubling and are reused
 * from one search to the next (no allocation per iteration once warm).
 *
 * Node kinds:
 *   DECISION — a position where `mover` of its children chooses: its children are one node per legal
 *              action, created together on the first visit, in a shuffled order (`childStart`,
 *              `childCount`; `untried` children have not been played yet).
 *   CHANCE   — the position after a follow-up: the next tile drawn is unknown, so its children are
 *              DECISION nodes keyed by the tile type drawn (a linked list: `firstKeyed`, `sibling`;
 *              key -1 = game over), created when a determinization first draws that tile.
 * A node's `visits` and `reward` (the sum of the rewards of the player who chose the action leading
 * to it, `mover`; -1 for a node reached by a draw) drive UCT selection.
 */

export const DECISION = 0;
export const CHANCE = 1;

export class SearchTree {
  size = 0;
  private capacity = 0;
  kind = new Uint8Array(0);
  action = new Int32Array(0);
  mover = new Int8Array(0);
  visits = new Float64Array(0);
  reward = new Float64Array(0);
  childStart = new Int32Array(0);
  childCount = new Int32Array(0);
  untried = new Int32Array(0);
  /** 1 when the node's children are ordered best first by their one-ply value (tried in that order, widened progressively). */
  guided = new Uint8Array(0);
  key = new Int32Array(0);
  firstKeyed = new Int32Array(0);
  sibling = new Int32Array(0);

  constructor(capacity = 1 << 14) {
    this.grow(capacity);
  }

  /** Empties the tree and makes the root (node 0), a DECISION node. */
  reset(): number {
    this.size = 0;
    return this.add(DECISION, -1, -1);
  }

  /** Adds a node; returns its index. */
  // hot path
  add(kind: number, action: number, mover: number): number {
    if (this.size === this.capacity) this.grow(this.capacity * 2);
    const n = this.size++;
    this.kind[n] = kind;
    this.action[n] = action;
    this.mover[n] = mover;
    this.visits[n] = 0;
    this.reward[n] = 0;
    this.childStart[n] = -1;
    this.childCount[n] = 0;
    this.untried[n] = 0;
    this.guided[n] = 0;
    this.key[n] = 0;
    this.firstKeyed[n] = -1;
    this.sibling[n] = -1;
    return n;
  }

  /** Makes room for `count` more nodes (so a block of children is contiguous). */
  reserve(count: number): void {
    let capacity = this.capacity;
    while (this.size + count > capacity) capacity *= 2;
    if (capacity !== this.capacity) this.grow(capacity);
  }

  /** The DECISION child of CHANCE node `node` reached by drawing `key`, created when new. */
  // hot path
  keyedChild(node: number, key: number): number {
    for (let c = this.firstKeyed[node]!; c >= 0; c = this.sibling[c]!) if (this.key[c] === key) return c;
    const c = this.add(DECISION, -1, -1);
    this.key[c] = key;
    this.sibling[c] = this.firstKeyed[node]!;
    this.firstKeyed[node] = c;
    return c;
  }

  private grow(capacity: number): void {
    const copy = <T extends Uint8Array | Int8Array | Int32Array | Float64Array>(old: T, make: (n: number) => T): T => {
      const bigger = make(capacity);
      bigger.set(old);
      return bigger;
    };
    this.kind = copy(this.kind, (n) => new Uint8Array(n));
    this.action = copy(this.action, (n) => new Int32Array(n));
    this.mover = copy(this.mover, (n) => new Int8Array(n));
    this.visits = copy(this.visits, (n) => new Float64Array(n));
    this.reward = copy(this.reward, (n) => new Float64Array(n));
    this.childStart = copy(this.childStart, (n) => new Int32Array(n));
    this.childCount = copy(this.childCount, (n) => new Int32Array(n));
    this.untried = copy(this.untried, (n) => new Int32Array(n));
    this.guided = copy(this.guided, (n) => new Uint8Array(n));
    this.key = copy(this.key, (n) => new Int32Array(n));
    this.firstKeyed = copy(this.firstKeyed, (n) => new Int32Array(n));
    this.sibling = copy(this.sibling, (n) => new Int32Array(n));
    this.capacity = capacity;
  }
}
