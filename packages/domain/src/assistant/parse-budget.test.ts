import { describe, expect, it } from 'vitest';
import { findMoneyMention, parseBudget } from '.';

describe('parseBudget: the answer to the budget question', () => {
  it.each([
    ['$200', 200],
    ['200', 200],
    ['about $180.50', 181],
    ['$1,500', 1500],
    ['1,500', 1500],
    ['2k', 2000],
    ['$2.5k', 2500],
    ['up to 3 thousand', 3000],
    ['a grand', null],
    ['1 grand', 1000],
    ['$150-300', 300],
    ['150 - 300', 300],
    ['$150 to $300', 300],
    ['between 100 and 250 dollars', 250],
    ['0', 0],
    ['AUD 45', 45],
    ['aud45', 45],
    ['45 AUD', 45],
    ['A$45', 45],
    ['US$60', 60],
    ['45 dollars', 45],
    ['45 bucks', 45],
    ['about 80 bucks tops', 80],
    ['€90', 90],
    ['90 euros', 90],
    ['£70', 70],
    ['$30/hr', 30],
    ['30 per hour', 30],
    ['$40 an hour, 2 hours', 40],
    ['2 hours at $40', 40],
    ['3 rooms, about 400', 400],
    ['happy to pay 120 for a 45 minute walk', 120],
    ['no more than 250', 250],
    ['Budget is $300.', 300],
  ])('%j → %j', (text, dollars) => {
    expect(parseBudget(text)).toBe(dollars);
  });

  it.each([
    ['needs 45 minute walks'],
    ['a 45-minute walk'],
    ['2 hours'],
    ['1.5 hrs'],
    ['3 days a week'],
    ['every 2 weeks'],
    ['a 2-bedroom flat'],
    ['3 bedrooms and 2 bathrooms'],
    ['20 m²'],
    ['20m2 of tiles'],
    ['about 40 sqm'],
    ['15 square metres'],
    ['100 metres of fence'],
    ['5 km away'],
    ['5km'],
    ['10 kg bag'],
    ['2 dogs'],
    ['for 30 people'],
    ['at 10:30'],
    ['at 10am'],
    ['5.30pm'],
    ['on 5/6'],
    ['the 3rd'],
    ['year 10 maths'],
    ['unit 5'],
    ['level 3'],
    ['2-3 hours'],
    ['no idea'],
    [''],
    ['$20000000'],
  ])('%j is not a budget', (text) => {
    expect(parseBudget(text)).toBeNull();
  });
});

describe('findMoneyMention: money said in passing', () => {
  it.each([
    ['Fix my kitchen tap, budget $200', 200],
    ['dog walker, about 30 bucks a walk', 30],
    ['paint 3 rooms for AUD 900', 900],
    ['clean a 2-bedroom flat, 250 dollars', 250],
    ['$150-300 for the lawn', 300],
  ])('%j → %j', (text, dollars) => {
    expect(findMoneyMention(text)).toBe(dollars);
  });

  it.each([
    ['I need a dog walker, needs 45 minute walks'],
    ['Deep clean of a 2-bedroom apartment'],
    ['Install 3 new power points'],
    ['A maths tutor for year 10'],
    ['Photographer for a 40th birthday party'],
    ['Paint about 200 sqm'],
    ['I can pay 200'],
  ])('%j mentions no money', (text) => {
    expect(findMoneyMention(text)).toBeNull();
  });
});
