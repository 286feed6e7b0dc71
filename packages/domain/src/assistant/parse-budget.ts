import { normalizeForMatching } from './keywords';

/**
 * Answer parsers of the gathering steps: the budget, and whether the job is urgent.
 *
 * A number is money only where the customer talks about money (issue 33: "needs 45 minute walks"
 * became a $45 budget): in the answer to the budget question a number counts unless a unit says it
 * is something else (45 minutes, 3 rooms, 20 m², 5 km…); anywhere else only an amount with a
 * currency ($45, AUD 45, 45 dollars, 45 bucks) does.
 */

const BUDGET_CAP = 10_000_000;

/** Signs and codes written before an amount: '$45', 'A$45', 'AUD 45', '€45'. */
const CURRENCY_BEFORE = String.raw`(?:(?<![a-z])(?:a|au|us|nz|c|ca)\$|\$|€|£|(?<![a-z])(?:aud|usd|nzd|cad|eur|gbp)(?![a-z]))`;
/** Codes and words written after an amount: '45 AUD', '45 dollars', '45 bucks', '45 euros'. */
const CURRENCY_AFTER = String.raw`(?:aud|usd|nzd|cad|eur|gbp|dollars?|bucks?|euros?|pounds?(?!\s+of\b)|quid|€)(?![a-z])`;
const MULTIPLIER = String.raw`(?:k|thousand|grand)(?![a-z])`;

const AMOUNT = new RegExp(
  String.raw`(?<before>${CURRENCY_BEFORE})?\s*(?<number>\d+(?:\.\d+)?)(?:\s*(?<multiplier>${MULTIPLIER}))?(?:\s*(?<after>${CURRENCY_AFTER}))?`,
  'g',
);

/**
 * Words after a number that make it a quantity, not money: durations, areas, lengths, weights,
 * rooms, people, animals, things, times of day and ordinals ('45 minute walks', '2-bedroom', '20 m²').
 */
const UNIT_AFTER = new RegExp(
  String.raw`^\s*-?\s*(?:` +
    [
      String.raw`s|secs?|seconds?|mins?|minutes?|h|hrs?|hours?|days?|nights?|weeks?|wks?|fortnights?|months?|years?|yrs?|yo`,
      String.raw`m2|m²|sqm|sq\.?\s*m|square\s*(?:metres?|meters?|feet|foot|ft)|m|metres?|meters?|cm|mm|km|kms|kilomet(?:re|er)s?|ft|feet|foot|inch(?:es)?|acres?|hectares?|ha`,
      String.raw`kg|kgs|kilos?|kilograms?|g|grams?|tonnes?|tons?|t|l|litres?|liters?|lbs?|pounds?`,
      String.raw`rooms?|bedrooms?|bed|beds|br|bathrooms?|baths?|storeys?|stor(?:e)?ys?|stories|floors?|levels?|units?|houses?|homes?|flats?|apartments?`,
      String.raw`people|persons?|guests?|adults?|kids?|child(?:ren)?|students?|pax|dogs?|cats?|pets?|puppies|puppy|horses?|birds?|animals?`,
      String.raw`walks?|visits?|sessions?|lessons?|classes|class|times|x|items?|boxes|box|pieces?|windows?|doors?|taps?|lights?|points?|outlets?|trees?|cars?|vehicles?|loads?|trips?|panels?|walls?|steps?|stairs?|sets?|pairs?`,
      String.raw`am|pm|a\.m\.|p\.m\.|o'?clock|st|nd|rd|th|%|percent|per\s*cent|degrees?|°`,
    ].join('|') +
    String.raw`)(?![a-z])`,
);
/** Words before a number that make it a name or a place, not money: 'year 10', 'unit 5', 'level 3'. */
const LABEL_BEFORE =
  /(?:year|yr|grade|unit|level|lvl|apartment|apt|flat|suite|shop|lot|no\.?|number|#|room|page|size|postcode|bus|route|platform|gate|chapter)\s*$/;
/** A clock time or a date: '10:30', '5/6', '5.30pm' is a time when a unit follows (handled above). */
const CLOCK_OR_DATE_AFTER = /^\s*[:/]\d/;
const CLOCK_OR_DATE_BEFORE = /\d\s*[:/]$/;
const RANGE_JOIN = /^\s*(?:-|–|—|to|and|or)\s*$/;

interface Amount {
  value: number;
  hasCurrency: boolean;
  /** A unit, a label or a clock says it is not money. */
  isQuantity: boolean;
  start: number;
  end: number;
}

function amountsIn(text: string): Amount[] {
  // '1,500' is 1500; a comma between other digits is a list ('2,3 or 4').
  const cleaned = text.toLowerCase().replace(/(\d),(?=\d{3}(?!\d))/g, '$1');
  const found: Amount[] = [];
  for (const m of cleaned.matchAll(AMOUNT)) {
    const groups = m.groups ?? {};
    const start = m.index ?? 0;
    const end = start + m[0].length;
    const number = Number(groups.number);
    const value = groups.multiplier ? number * 1000 : number;
    // Digits inside a word ('m2', 'covid19') are not an amount.
    if (!groups.before && /[a-z]$/.test(cleaned.slice(0, start + m[0].search(/\d/)))) continue;
    const hasCurrency = Boolean(groups.before || groups.after);
    const before = cleaned.slice(0, start);
    const after = cleaned.slice(end);
    const isQuantity =
      !hasCurrency &&
      (UNIT_AFTER.test(after) ||
        LABEL_BEFORE.test(before) ||
        CLOCK_OR_DATE_AFTER.test(after) ||
        CLOCK_OR_DATE_BEFORE.test(before));
    found.push({ value, hasCurrency, isQuantity, start, end });
  }
  // A range ('150-300 dollars', '$150 to $300', '2-3 hours') is one amount: its upper end, what the
  // customer is prepared to pay; money when either end says so, a quantity when either end does.
  const merged: Amount[] = [];
  for (const amount of found) {
    const previous = merged[merged.length - 1];
    if (previous && RANGE_JOIN.test(cleaned.slice(previous.end, amount.start))) {
      const hasCurrency = previous.hasCurrency || amount.hasCurrency;
      merged[merged.length - 1] = {
        value: Math.max(previous.value, amount.value),
        hasCurrency,
        isQuantity: !hasCurrency && (previous.isQuantity || amount.isQuantity),
        start: previous.start,
        end: amount.end,
      };
    } else {
      merged.push(amount);
    }
  }
  return merged;
}

function wholeDollars(amount: Amount | undefined): number | null {
  if (!amount) return null;
  const whole = Math.round(amount.value);
  if (!Number.isFinite(whole) || whole < 0 || whole > BUDGET_CAP) return null;
  return whole;
}

/**
 * The answer to the budget question in whole dollars: '$200', '200', '1,500', '2k', 'about $180.50',
 * 'AUD 300', '250 bucks'. A range ('$150-300', '150 to 300') gives its upper end. An amount with a
 * currency is preferred; a number with a unit ('2 hours', '3 rooms') is never a budget. Null when no
 * amount of money is given.
 */
export function parseBudget(text: string): number | null {
  const amounts = amountsIn(text).filter((a) => !a.isQuantity);
  return wholeDollars(amounts.find((a) => a.hasCurrency) ?? amounts[0]);
}

/**
 * An amount of money mentioned in passing — in the need or an answer to another question — in whole
 * dollars: only one written with a currency ('fix my tap, $200 max'). "45 minute walks" or "3
 * bedrooms" are never money. Null when there is none.
 */
export function findMoneyMention(text: string): number | null {
  return wholeDollars(amountsIn(text).find((a) => a.hasCurrency));
}

const URGENT_WORDS = /\b(urgent|urgently|asap|a s a p|emergency|immediately|right away|straight away)\b/;

/** Whether the text says the job is urgent (sets is_urgent on the request). */
export function isUrgentText(text: string): boolean {
  return URGENT_WORDS.test(normalizeForMatching(text));
}
