import { normalizeForMatching } from './keywords';

/** Answer parsers of the gathering steps: the budget, and whether the job is urgent. */

const BUDGET_CAP = 10_000_000;

/**
 * A budget answer in whole dollars: '$200', '200', '1,500', '2k', 'about $180.50'. A range
 * ('$150-300', '150 to 300') gives its upper end: what the customer is prepared to pay. Null when no
 * amount is given.
 */
export function parseBudget(text: string): number | null {
  const cleaned = text.toLowerCase().replace(/(\d),(?=\d{3}\b)/g, '$1');
  const amounts = [...cleaned.matchAll(/(\d+(?:\.\d+)?)\s*(k|thousand)?\b/g)].map((m) => {
    const value = Number(m[1]);
    return m[2] ? value * 1000 : value;
  });
  if (amounts.length === 0) return null;
  const isRange = amounts.length >= 2 && /\d\s*(k|thousand)?\s*(-|–|to|and)\s*\$?\s*\d/.test(cleaned);
  const value = isRange ? Math.max(...amounts.slice(0, 2)) : (amounts[0] as number);
  const whole = Math.round(value);
  if (!Number.isFinite(whole) || whole < 0 || whole > BUDGET_CAP) return null;
  return whole;
}

const URGENT_WORDS = /\b(urgent|urgently|asap|a s a p|emergency|immediately|right away|straight away)\b/;

/** Whether the text says the job is urgent (sets is_urgent on the request). */
export function isUrgentText(text: string): boolean {
  return URGENT_WORDS.test(normalizeForMatching(text));
}
