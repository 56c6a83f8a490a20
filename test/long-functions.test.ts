/**
 * The shape check (`scripts/long-functions.ts`) measures every kind of function, names arrow functions
 * by what holds them, and counts a nested function inside its parent's lines.
 */
import { describe, expect, it } from 'vitest';
import { functionLengths } from '../scripts/long-functions.ts';

const SOURCE = `export function three(a: number): number {
  const twice = (x: number) => {
    return x * 2;
  };
  return twice(a);
}
class Box {
  constructor() {}
  get size(): number {
    return 1;
  }
}
const table = { pick: function () { return 1; } };
[1].map((n) => n);
declare function bodiless(): void;
`;

describe('functionLengths', () => {
  const found = functionLengths('x.ts', SOURCE).map(({ name, line, lines }) => `${name}@${line}:${lines}`);

  it('counts first to last line, nested functions inside their parent', () => {
    expect(found).toContain('three@1:6');
    expect(found).toContain('twice@2:3');
  });
  it('measures constructors, accessors, function expressions and call arguments, not declarations without a body', () => {
    expect(found).toEqual([
      'three@1:6',
      'twice@2:3',
      'constructor@8:1',
      'size@9:3',
      'pick@13:1',
      '(argument of [1].map)@14:1',
    ]);
  });
});
