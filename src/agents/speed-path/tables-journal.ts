/**
 * The undo journal of a `RememberingEvaluator`'s per-feature tables (`remembered.ts`): while it is on,
 * each table entry about to be written is noted with its old values, and `undo` writes them back, the
 * last noted first. A search that plays several lines from one position uses it to bring the tables
 * back to that position before each line (`RememberingEvaluator.markRoot`, `restoreRoot`).
 */

/** The per-feature tables, by root (`beforePlayers` by root * players + player). */
export interface FeatureTables {
  readonly beforeSeen: Int32Array;
  readonly beforeWorth: Float64Array;
  readonly beforeMajority: Int32Array;
  readonly beforePlayers: Int32Array;
}

export class TablesJournal {
  private roots = new Int32Array(256);
  private seen = new Int32Array(256);
  private worth = new Float64Array(256);
  private majority = new Int32Array(256);
  private players: Int32Array;
  private length = 0;

  constructor(
    private readonly tables: FeatureTables,
    private readonly playerCount: number,
  ) {
    this.players = new Int32Array(256 * playerCount);
  }

  /** Forgets every entry noted. */
  clear(): void {
    this.length = 0;
  }

  /** Notes the entries of `root` before they are written. */
  note(root: number): void {
    const tables = this.tables;
    if (this.length === this.roots.length) this.grow();
    const e = this.length++;
    const players = this.playerCount;
    this.roots[e] = root;
    this.seen[e] = tables.beforeSeen[root]!;
    this.worth[e] = tables.beforeWorth[root]!;
    this.majority[e] = tables.beforeMajority[root]!;
    for (let p = 0; p < players; p++) this.players[e * players + p] = tables.beforePlayers[root * players + p]!;
  }

  /** Writes back every entry noted, the last first, and forgets them. */
  undo(): void {
    const tables = this.tables;
    const players = this.playerCount;
    for (let e = this.length - 1; e >= 0; e--) {
      const root = this.roots[e]!;
      tables.beforeSeen[root] = this.seen[e]!;
      tables.beforeWorth[root] = this.worth[e]!;
      tables.beforeMajority[root] = this.majority[e]!;
      for (let p = 0; p < players; p++) tables.beforePlayers[root * players + p] = this.players[e * players + p]!;
    }
    this.length = 0;
  }

  private grow(): void {
    const n = this.roots.length * 2;
    const grown = <T extends Int32Array | Float64Array>(a: T, size: number): T => {
      const b = new (a.constructor as new (size: number) => T)(size);
      b.set(a);
      return b;
    };
    this.roots = grown(this.roots, n);
    this.seen = grown(this.seen, n);
    this.worth = grown(this.worth, n);
    this.majority = grown(this.majority, n);
    this.players = grown(this.players, n * this.playerCount);
  }
}
