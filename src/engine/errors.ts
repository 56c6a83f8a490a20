/**
 * Input errors: bad catalogs, scenarios, rule parameters, experiments or flags. They carry a code
 * from one closed set and a message that says what is wrong and where; the CLI exits 2 on them.
 * Programmer errors stay plain `Error`s (assertions).
 */

export const INPUT_ERROR_CODES = [
  'catalog',
  'scenario',
  'illegal-turn',
  'rules',
  'expansion',
  'experiment',
  'usage',
  'backend',
] as const;
export type InputErrorCode = (typeof INPUT_ERROR_CODES)[number];

export class InputError extends Error {
  readonly code: InputErrorCode;
  constructor(code: InputErrorCode, message: string) {
    super(message);
    this.name = 'InputError';
    this.code = code;
  }
}

export const isInputError = (error: unknown): error is InputError => error instanceof InputError;

/** The known word closest to `word` by edit distance, when it is close enough to be a likely typo. */
export function nearestWord(word: string, known: readonly string[]): string | undefined {
  let best: string | undefined;
  let bestDistance = Infinity;
  for (const candidate of known) {
    const d = editDistance(word.toLowerCase(), candidate.toLowerCase());
    if (d < bestDistance) {
      best = candidate;
      bestDistance = d;
    }
  }
  return best !== undefined && bestDistance <= Math.max(2, Math.floor(word.length / 3)) ? best : undefined;
}

function editDistance(a: string, b: string): number {
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const row = [i];
    for (let j = 1; j <= b.length; j++) {
      row[j] = Math.min(previous[j]! + 1, row[j - 1]! + 1, previous[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1));
    }
    previous = row;
  }
  return previous[b.length]!;
}

/** `; did you mean "x"?` for a misspelt key or name, or `; known: a, b, c` when nothing is close. */
export function suggestion(word: string, known: readonly string[]): string {
  const near = nearestWord(word, known);
  return near !== undefined ? `; did you mean ${JSON.stringify(near)}?` : `; known: ${known.join(', ')}`;
}

/**
 * Rejects the first key of a JSON object that is not in `known`: an input error naming the key, the
 * place (`where`) and the nearest known key. Every JSON input format checks its objects with it.
 */
export function rejectUnknownKeys(
  object: Readonly<Record<string, unknown>>,
  known: readonly string[],
  code: InputErrorCode,
  where: string,
): void {
  for (const key of Object.keys(object)) {
    if (!known.includes(key))
      throw new InputError(code, `${where}: unknown key ${JSON.stringify(key)}${suggestion(key, known)}`);
  }
}
