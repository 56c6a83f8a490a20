/**
 * The random-stream contract: the engine owns no randomness (`DESIGN.md`); a caller that needs
 * chance (an agent, a dealer) holds a stream, a function returning uniform numbers in [0, 1).
 * Streams are made in `src/sim/rng.ts`.
 */
export type Rng = () => number;

/** Uniform integer in [0, n). */
export const randomIndex = (rng: Rng, n: number): number => Math.floor(rng() * n);
