import { describe, expect, it } from 'vitest';
import { Code, ERRORS } from './errors';

describe('error code names', () => {
  it('name every catalogue code exactly once, and nothing else', () => {
    const named = Object.values(Code).sort((a, b) => a - b);
    const catalogue = Object.keys(ERRORS)
      .map(Number)
      .sort((a, b) => a - b);
    expect(named).toEqual(catalogue);
    expect(new Set(named).size).toBe(named.length);
  });
});
