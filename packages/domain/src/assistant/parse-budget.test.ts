import { describe, expect, it } from 'vitest';
import { parseBudget } from '.';

describe('parseBudget', () => {
  it.each([
    ['$200', 200],
    ['200', 200],
    ['about $180.50', 181],
    ['$1,500', 1500],
    ['2k', 2000],
    ['up to 3 thousand', 3000],
    ['$150-300', 300],
    ['between 100 and 250 dollars', 250],
    ['0', 0],
  ])('%s -> %i', (text, dollars) => {
    expect(parseBudget(text)).toBe(dollars);
  });

  it('returns null without an amount or beyond the limit', () => {
    expect(parseBudget('no idea')).toBeNull();
    expect(parseBudget('')).toBeNull();
    expect(parseBudget('$20000000')).toBeNull();
  });
});
