import {
  ASSISTANT_EXPANDED_SERVICE_AREA_KM,
  formatCount,
  formatCurrency,
  formatDate,
  TIME_OF_DAY_LABELS,
  TIME_OF_DAY_TIMES,
  type MarketAnalysis,
} from '@grip/domain';
import { draftLabel, draftTitleOf, type Draft } from './draft';

/** The assistant's own words (the spec gives the flow, not the texts; 'Request submitted!' is verbatim). */

const plural = formatCount;

export const ASSISTANT_TEXT = {
  greetingCustomer:
    'Hi! I\'m the Grip assistant. Tell me what you need done — for example "my kitchen tap is leaking" — and I\'ll check who can help nearby.',
  greetingGuest:
    "Hi! I'm the Grip assistant. Tell me what you need done and I'll show you who can help. You can try me without an account; you'll sign in before anything is sent.",
  unrecognised: "I'm not sure what you need yet. Could you be a bit more specific? For example:",
  chooseOption: 'Please choose one of the options above.',
  budgetInvalid: 'Please enter a budget amount — a number like $200 is fine.',
  whenUnknown: 'Sorry, I didn\'t catch when. Try "tomorrow morning", "Saturday", "next week" or "asap".',
  whenQuestion: 'When would you like it done? Try "tomorrow morning", "Saturday", "next week" or "asap".',
  detailsQuestion: 'Describe the job in a sentence or two so businesses can quote accurately.',
  locationQuestion: 'Where should the work be done? An address or suburb is fine.',
  locationInvalid: 'Please tell me where the work is, for example "12 Smith St, Surry Hills".',
  confirmHint: 'Reply "yes" or "send it" to send your request, or "start over" to begin again.',
  declined: 'No problem — nothing was sent. What do you need done?',
  guestSignIn:
    "Almost there! Please sign in or create a free account to send it. I've kept your request, and it will be waiting for you.",
  restored: "Welcome back! Here's the request you started before signing in:",
  submitFailed: "I couldn't send your request.",
  skip: 'Skip',
} as const;

export function recognisedText(draft: Draft): string {
  return `Got it — ${draftLabel(draft).toLowerCase()}. Let me check the local market for you…`;
}

function slotsText(slots: readonly string[]): string {
  if (slots.length <= 1) return slots[0] ?? '';
  return `${slots.slice(0, -1).join(', ')} and ${slots[slots.length - 1]}`;
}

/** The summary of a counted market analysis, one fact per line. */
export function analysisText(draft: Draft, analysis: MarketAnalysis, locationLabel: string | null): string {
  const label = draftLabel(draft).toLowerCase();
  const where = analysis.hasLocation
    ? `within ${analysis.radiusKm} km${locationLabel ? ` of ${locationLabel}` : ''}`
    : 'on Grip';
  const lines = [
    `Here's what I found for ${label}:`,
    `• ${plural(analysis.providerCount, 'provider')} ${where} (${analysis.competitionLevel} competition)`,
    `• Businesses usually respond ${analysis.averageResponseTime}`,
  ];
  if (analysis.typicalBudgetRange) lines.push(`• Typical budget: ${analysis.typicalBudgetRange}`);
  if (analysis.popularTimeSlots.length > 0) {
    lines.push(`• Popular times: ${slotsText(analysis.popularTimeSlots)}`);
  }
  lines.push(`• ${plural(analysis.jobsLast3Months, 'job')} booked in the last 3 months`);
  lines.push('How would you like to continue?');
  return lines.join('\n');
}

export function analysisFailedText(draft: Draft): string {
  return `I found several options for ${draftLabel(draft).toLowerCase()} near you. Would you like to send your request now?`;
}

export function expandedText(count: number): string {
  return `I've widened the search to 20 km: ${plural(count, 'provider')} can help there. Your request will go to businesses up to ${ASSISTANT_EXPANDED_SERVICE_AREA_KM} km away.`;
}

export const EXPAND_FAILED_TEXT = `I couldn't re-count just now, but your request will go to businesses up to ${ASSISTANT_EXPANDED_SERVICE_AREA_KM} km away.`;

export function questionText(question: string, index: number, total: number): string {
  return `Question ${index + 1} of ${total}: ${question}`;
}

export function budgetQuestion(draft: Draft, typicalBudget: string | null): string {
  const hint = typicalBudget
    ? ` Most ${draftLabel(draft).toLowerCase()} jobs are around ${typicalBudget}.`
    : '';
  return `What's your budget?${hint} Your budget excludes taxes, and there is no payment until you accept a response.`;
}

export function whenLabel(when: Draft['when']): string {
  if (!when) return 'Flexible';
  const day = when.preferredDate ? formatDate(new Date(`${when.preferredDate}T00:00:00`)) : 'Any day';
  // An explicit clock time is shown as such; a time of day by its name.
  const isExplicit = when.preferredTime !== null && when.preferredTime !== TIME_OF_DAY_TIMES[when.timeOfDay];
  const time = isExplicit
    ? when.preferredTime?.slice(0, 5)
    : when.timeOfDay === 'flexible'
      ? null
      : TIME_OF_DAY_LABELS[when.timeOfDay];
  return [day, time].filter(Boolean).join(' · ');
}

/** The request as it will be sent, for the confirm step. */
export function summaryText(draft: Draft, variant: 'customer' | 'guest'): string {
  const service = draft.service ? `${draft.service} (${draft.category})` : draft.category;
  const lines = [
    "Here's your request:",
    `• Title: ${draftTitleOf(draft)}`,
    `• Service: ${service}`,
    `• Budget: ${draft.budget === null ? 'Not set' : formatCurrency(draft.budget)}`,
    `• When: ${whenLabel(draft.when)}${draft.isUrgent ? ' (urgent)' : ''}`,
    `• Where: ${draft.location ? `${draft.location.address} (within ${draft.serviceAreaKm} km)` : 'Not set'}`,
    `• Details: ${draft.details ?? draft.need}`,
  ];
  lines.push(
    variant === 'guest'
      ? 'Shall I send it? Reply "yes" or "send it" — you\'ll sign in first.'
      : 'Shall I send it? Reply "yes" or "send it".',
  );
  return lines.join('\n');
}

/** Spec 2 §4 step 6, 'Request submitted!...', with the real number of businesses told. */
export function submittedText(matchedBusinesses: number): string {
  if (matchedBusinesses === 0) {
    return 'Request submitted! No business offers this nearby yet, so nobody has been notified so far. You can follow it in My Requests.';
  }
  return `Request submitted! ${plural(matchedBusinesses, 'business', 'businesses')} ${matchedBusinesses === 1 ? 'has' : 'have'} been notified. You'll see their offers in My Requests.`;
}
