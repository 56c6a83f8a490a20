/**
 * The random-stream contract: the engine owns no randomness (docs/architecture.md §2); a caller that needs
 * chance (an agent, a dealer) holds a stream, a function returning uniform numbers in [0, 1).
 * Streams are made in `src/sim/rng.ts`.
 */
export type Rng = () => number;

/** Uniform integer in [0, n). */
export const randomIndex = (rng: Rng, n: number): number => Math.floor(rng() * n);

/**
 * Copies `deck` into `into` with its undrawn part (from `deckPos`) sorted: what a player knows of the
 * tiles to come is their multiset, never their order, so a search that deals itself orders starts
 * from this.
 */
export function copyUndrawnUnordered(into: Int16Array, deck: Int16Array, deckPos: number): void {
  into.set(deck);
  into.subarray(deckPos).sort();
}

/** Shuffles `array[from …]` in place (Fisher–Yates from the end), leaving the entries before `from` as they are. */
export function shuffleFrom(array: Int16Array, from: number, rng: Rng): void {
  for (let i = array.length - 1; i > from; i--) {
    const j = from + Math.floor(rng() * (i - from + 1));
    const t = array[i]!;
    array[i] = array[j]!;
    array[j] = t;
  }
}
