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
