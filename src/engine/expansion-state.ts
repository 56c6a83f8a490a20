/**
 * Expansion state as a declaration: each expansion names its fields (element type, length, initial
 * value) and gets typed-array views of them. A game lays every declared field out in one byte buffer
 * per position (aligned by element size); the position's field schema (`position.ts`) treats that
 * buffer as one array, so clone, restart (a copy of the initial image) and checkpoint/rollback of all
 * declared fields follow from the declaration with no per-field code. Each expansion is handed only
 * the views of its own fields.
 */

/** The element types a field may have. */
export const ELEMENT_TYPES = {
  i8: Int8Array,
  u8: Uint8Array,
  i16: Int16Array,
  u16: Uint16Array,
  i32: Int32Array,
  f64: Float64Array,
} as const;
export type ElementType = keyof typeof ELEMENT_TYPES;

/** The size of a game, for fields whose length depends on it. */
export interface GameSize {
  readonly players: number;
  /** Most tiles on the board (the deck and the start tile). */
  readonly maxTiles: number;
}

/** One field of an expansion's state. */
export interface StateField {
  readonly type: ElementType;
  /**
   * Entries: one per player (`'players'`), a fixed number (1 for a per-game value), or a number from
   * the game's size (e.g. one bit per tile). Keep fields small: a checkpoint copies them all.
   */
  readonly length: 'players' | number | ((size: GameSize) => number);
  /** Value of every entry at the start of a game (default 0); must fit the element type. */
  readonly initial?: number;
}

export type StateFields = Readonly<Record<string, StateField>>;

/** The typed views of declared fields, e.g. `{ holder: Int8Array }`. */
export type StateViews<F extends StateFields> = {
  readonly [K in keyof F]: InstanceType<(typeof ELEMENT_TYPES)[F[K]['type']]>;
};

type View = InstanceType<(typeof ELEMENT_TYPES)[ElementType]>;

/** Where one declared field lives in the buffer. */
interface Placed {
  readonly expansion: number;
  readonly name: string;
  readonly type: ElementType;
  readonly byteOffset: number;
  readonly length: number;
}

const viewOf = (buffer: ArrayBuffer, f: Placed): View => new ELEMENT_TYPES[f.type](buffer, f.byteOffset, f.length);

/** The layout of every declared field of a game's expansions in one buffer, and its initial image. */
export class ExpansionStateLayout {
  private readonly fields: Placed[] = [];
  /** The buffer of a fresh game: every field at its initial value. */
  readonly initial: Uint8Array<ArrayBuffer>;

  /** `declared[k]`: the fields of the game's k-th expansion, named `names[k]` in error messages. */
  constructor(
    private readonly declared: readonly (StateFields | undefined)[],
    size: GameSize,
    private readonly names: readonly string[],
  ) {
    // 1. Offsets: fields in declaration order, each aligned to its element size.
    let bytes = 0;
    const initials: number[] = [];
    declared.forEach((own, expansion) => {
      for (const [name, field] of Object.entries(own ?? {})) {
        const element = ELEMENT_TYPES[field.type].BYTES_PER_ELEMENT;
        const length =
          field.length === 'players'
            ? size.players
            : typeof field.length === 'function'
              ? field.length(size)
              : field.length;
        if (!Number.isInteger(length) || length < 1)
          throw new Error(`expansion ${names[expansion]}: state field ${name} needs a whole length of at least 1`);
        const byteOffset = Math.ceil(bytes / element) * element;
        this.fields.push({ expansion, name, type: field.type, byteOffset, length });
        initials.push(field.initial ?? 0);
        bytes = byteOffset + length * element;
      }
    });
    // 2. The initial image (whole 8-byte words, so that a copy keeps every view aligned).
    this.initial = new Uint8Array(Math.ceil(bytes / 8) * 8);
    this.fields.forEach((f, i) => {
      const view = viewOf(this.initial.buffer, f).fill(initials[i]!);
      if (view[0] !== initials[i])
        throw new Error(
          `expansion ${names[f.expansion]}: state field ${f.name}'s initial value ${initials[i]} does not fit ${f.type}`,
        );
    });
  }

  /**
   * One views object per expansion over `buffer` (a copy of `initial`). The objects of one expansion
   * always get their properties in the same order, so the hooks' reads of them stay monomorphic.
   */
  views(buffer: ArrayBuffer): object[] {
    const out: Record<string, View>[] = this.declared.map(() => ({}));
    for (const f of this.fields) out[f.expansion]![f.name] = viewOf(buffer, f);
    return out;
  }

  /** Every declared field's values as plain numbers, by expansion name and field name (for tests and debugging). */
  read(buffer: ArrayBuffer): Record<string, Record<string, number[]>> {
    const out: Record<string, Record<string, number[]>> = Object.fromEntries(this.names.map((name) => [name, {}]));
    for (const f of this.fields) out[this.names[f.expansion]!]![f.name] = Array.from(viewOf(buffer, f));
    return out;
  }
}
