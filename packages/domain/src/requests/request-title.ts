import { z } from 'zod';
import { safeText } from '../accounts/auth';
import { serviceSubtypeLabel } from './request-form';

/**
 * A request's title (issue 33, decision 030): a short name the customer gives the request, suggested
 * from the service and the description, editable. The spec stores a title but its form has none;
 * these limits are ours.
 */
export const REQUEST_TITLE_MIN_LENGTH = 3;
export const REQUEST_TITLE_MAX_LENGTH = 60;
/** A suggestion stays shorter than the limit, so it reads as a title, not a sentence. */
export const SUGGESTED_TITLE_MAX_LENGTH = 50;

export const REQUEST_TITLE_MESSAGES = {
  required: 'Please give your request a title',
  tooShort: `Please use at least ${REQUEST_TITLE_MIN_LENGTH} characters for the title`,
  tooLong: `Please keep the title to ${REQUEST_TITLE_MAX_LENGTH} characters or fewer`,
} as const;

/** The title as the form, the API and the assistant check it. */
export const RequestTitleSchema = z
  .string({ error: REQUEST_TITLE_MESSAGES.required })
  .trim()
  .min(1, REQUEST_TITLE_MESSAGES.required)
  .min(REQUEST_TITLE_MIN_LENGTH, REQUEST_TITLE_MESSAGES.tooShort)
  .max(REQUEST_TITLE_MAX_LENGTH, REQUEST_TITLE_MESSAGES.tooLong)
  .pipe(safeText());

const GREETING =
  /^(?:hi|hello|hey|hiya|g'?day|good (?:morning|afternoon|evening|day))(?: there| all| team| everyone| guys)?\b[\s,!.:;-]*/i;

/** Openings that say nothing about the job, removed one after another. */
const LEAD_INS: readonly RegExp[] = [
  /^(?:please|pls|urgent(?:ly)?|asap|help)\b[\s,:!-]*/i,
  /^(?:i|we)(?:'m| am|'re| are)? (?:looking|searching|hoping) (?:for|to (?:get|find|have|book))\b\s*/i,
  /^(?:looking|searching) for\b\s*/i,
  /^(?:i|we)(?:'d| would) (?:like|love)(?: to (?:get|have|book))?\b\s*/i,
  /^(?:i|we) (?:need|want|require)(?: to (?:get|have|book))?\b\s*/i,
  /^(?:need|want|require)(?: to (?:get|have|book))?\b\s*/i,
  /^(?:can|could|would) (?:someone|somebody|anyone|you)(?: please)?\b\s*/i,
  /^(?:someone|somebody) (?:to|who can)\b\s*/i,
  /^(?:my|our|the|a|an|some)\s+/i,
];

/** 'tap is leaking' -> 'leaking tap': a short thing and one word saying what is wrong with it. */
const THING_IS_STATE =
  /^((?:[\p{L}\d'-]+ ){0,3}[\p{L}\d'-]+) (?:is|are|keeps|has been|have been) ([\p{L}]+(?:ing|ed)|broken|blocked|stuck|loose|cracked|flooded|overgrown|dirty|noisy|faulty)$/iu;

/** Words a shortened title must not end on. */
const DANGLING =
  /\s+(?:and|or|but|with|the|a|an|to|for|of|in|on|at|my|our|is|are|from|by|that|which|so|as|it)$/i;

const CLAUSE_BREAK = /[.!?…](?=\s|$)|[;\n]|,\s|\s[-–—]\s|:\s|\(/u;
const EDGE_PUNCTUATION = /^[\s"'“”‘’`([{*#-]+|[\s.,;:!?…"'“”‘’`)\]}*#-]+$/gu;

function capitalise(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** 'Pool Maintenance' -> 'Pool maintenance'; words in capitals (HVAC) keep them. */
function sentenceCase(label: string): string {
  const [first = '', ...rest] = label.trim().split(/\s+/);
  return [first, ...rest.map((w) => (/^\p{Lu}\p{Ll}+$/u.test(w) ? w.toLowerCase() : w))].join(' ');
}

function stripLeadIns(clause: string): string {
  let text = clause.trim();
  for (let changed = true; changed;) {
    changed = false;
    for (const lead of LEAD_INS) {
      const next = text.replace(lead, '').trim();
      if (next !== text && next.length > 0) {
        text = next;
        changed = true;
      }
    }
  }
  return text;
}

/** Where a long clause reads best cut: before a word that starts a second thought. */
const SECOND_THOUGHT = / (?:and|but|because|so|which|as|after|before|while|since|then|when|if) /gi;

/**
 * Cut within `max`: before a second thought when one starts late enough, else at a word boundary;
 * never ending on a dangling word or punctuation.
 */
function shorten(text: string, max: number): string {
  let out = text;
  if (out.length > max) {
    const breaks = [...out.matchAll(SECOND_THOUGHT)].map((m) => m.index).filter((i) => i >= 12 && i <= max);
    const cut = out.slice(0, max + 1);
    const space = cut.lastIndexOf(' ');
    out =
      breaks.length > 0 ? out.slice(0, breaks.at(-1)) : space > 0 ? cut.slice(0, space) : out.slice(0, max);
  }
  for (let prev = ''; prev !== out;) {
    prev = out;
    out = out.replace(EDGE_PUNCTUATION, '').replace(DANGLING, '');
  }
  return out;
}

function titleFromClause(clause: string): string | null {
  let text = stripLeadIns(clause.replace(EDGE_PUNCTUATION, ''));
  const state = THING_IS_STATE.exec(text);
  if (state) text = `${state[2]} ${state[1]}`;
  text = shorten(text, SUGGESTED_TITLE_MAX_LENGTH);
  const words = text.split(' ').filter((w) => /\p{L}/u.test(w));
  // One word ('Help', 'Urgent') or no letters says nothing a title could use.
  if (words.length < 2 || text.length < REQUEST_TITLE_MIN_LENGTH) return null;
  return capitalise(text);
}

/** The title of a request without a useful description: its service ('Tap repair', 'Plumbing job'). */
export function serviceTitle(serviceType: string, serviceSubtype?: string | null): string {
  const sub = serviceSubtypeLabel(serviceType, serviceSubtype?.trim() || null);
  if (sub) return capitalise(sentenceCase(sub)).slice(0, REQUEST_TITLE_MAX_LENGTH);
  const type = serviceType.trim();
  if (!type) return 'Service request';
  return `${capitalise(sentenceCase(type)).slice(0, REQUEST_TITLE_MAX_LENGTH - 4)} job`;
}

/**
 * A short title for a request: the first clause of the description that says something (greetings
 * and 'I need' openings removed), shortened at a word boundary and capitalised without end
 * punctuation — or, when the description gives nothing, the service's name. Deterministic: the form,
 * the assistant and the server all suggest the same title for the same words.
 */
export function suggestRequestTitle(input: {
  serviceType: string;
  serviceSubtype?: string | null;
  description?: string | null;
}): string {
  const text = (input.description ?? '')
    .replace(/\r\n?/g, '\n')
    .replace(/[^\S\n]+/g, ' ')
    .trim()
    .replace(GREETING, '');
  const clauses = text.split(CLAUSE_BREAK).slice(0, 4);
  for (const [i, clause] of clauses.entries()) {
    const title = clause ? titleFromClause(clause) : null;
    if (!title) continue;
    // Two words ('Friendly labrador') say little: the next clause may say what is needed.
    const next = clauses[i + 1]?.trim();
    if (title.split(' ').length <= 2 && next) {
      const longer = shorten(`${title}, ${next}`, SUGGESTED_TITLE_MAX_LENGTH);
      if (longer.split(' ').length > title.split(' ').length + 1) return longer;
    }
    return title;
  }
  return serviceTitle(input.serviceType, input.serviceSubtype);
}

/**
 * How messages name a request: its title in quotation marks, so a free title ('Leaking kitchen tap')
 * reads as a name inside a sentence.
 */
export function quotedRequestTitle(title: string): string {
  return `“${title}”`;
}
