import { CATEGORY_QUESTIONS, REQUEST_MESSAGES, type MarketAnalysis } from '@grip/domain';
import { describe, expect, it } from 'vitest';
import {
  acceptsText,
  initialState,
  reduce,
  type ConversationEvent,
  type ConversationState,
  type Step,
} from './conversation';
import type { Draft } from './draft';

/** Wednesday 6 May 2026, 09:30 local time. */
const NOW = new Date(2026, 4, 6, 9, 30);
const HOME = { address: '12 Smith St, Surry Hills NSW 2010', latitude: -33.8853, longitude: 151.2114 };

function analysis(overrides: Partial<MarketAnalysis> = {}): MarketAnalysis {
  return {
    serviceType: 'Home & Property Services',
    service: 'Plumbing',
    radiusKm: 10,
    hasLocation: true,
    providerCount: 7,
    expandedRadiusKm: 20,
    expandedProviderCount: 12,
    competitionLevel: 'moderate',
    averageResponseTime: 'within 4 hours',
    typicalBudgetRange: '$150-300',
    typicalBudget: { low: 150, high: 300 },
    popularTimeSlots: ['morning', 'evening'],
    jobsLast3Months: 23,
    recentRequests: 9,
    options: ['ask_questions', 'send_all'],
    ...overrides,
  };
}

/** Runs events in order; returns the last step and every reply text along the way. */
function run(state: ConversationState, ...events: ConversationEvent[]): Step & { texts: string[] } {
  let step: Step = { state, replies: [], effects: [] };
  const texts: string[] = [];
  for (const event of events) {
    step = reduce(step.state, event, NOW);
    texts.push(...step.replies.map((r) => r.text));
  }
  return { ...step, texts };
}

const say = (text: string): ConversationEvent => ({ type: 'user_text', text });

function customer(location: typeof HOME | null = HOME): ConversationState {
  return reduce(initialState('customer'), { type: 'location_known', location }, NOW).state;
}

/** A customer at the options step after a counted analysis. */
function atOptions(a = analysis(), location: typeof HOME | null = HOME) {
  return run(customer(location), say('My kitchen tap is leaking'), { type: 'analysis', analysis: a }).state;
}

describe('describing the need', () => {
  it('asks for specifics with 3 suggestions when the text is not understood, varying them', () => {
    const first = run(initialState('guest'), say('hmm, hello'));
    expect(first.state.stage).toBe('describe');
    expect(first.replies[0]?.text).toMatch(/more specific/);
    expect(first.replies[0]?.chips).toHaveLength(3);
    const second = run(first.state, say('still vague'));
    expect(second.replies[0]?.chips).toHaveLength(3);
    expect(second.replies[0]?.chips).not.toEqual(first.replies[0]?.chips);
    expect(first.effects).toEqual([]);
  });

  it('classifies the need and asks for the analysis near the known location', () => {
    const step = run(customer(), say('My kitchen tap is leaking'));
    expect(step.state.stage).toBe('analysing');
    expect(step.state.draft).toMatchObject({
      category: 'Home & Property Services',
      service: 'Plumbing',
      serviceAreaKm: 10,
      location: HOME,
      isUrgent: false,
    });
    expect(step.texts[0]).toMatch(/plumbing/);
    expect(step.effects).toEqual([
      {
        type: 'analyse',
        params: {
          serviceType: 'Home & Property Services',
          service: 'Plumbing',
          latitude: HOME.latitude,
          longitude: HOME.longitude,
          radiusKm: 10,
        },
      },
    ]);
    expect(acceptsText(step.state.stage)).toBe(false);
  });

  it('asks without a point when no location is known, and notes urgency', () => {
    const step = run(initialState('guest'), say('URGENT: burst pipe'));
    expect(step.effects).toEqual([
      {
        type: 'analyse',
        params: { serviceType: 'Home & Property Services', service: 'Plumbing', radiusKm: 10 },
      },
    ]);
    expect(step.state.draft?.isUrgent).toBe(true);
  });
});

describe('the market analysis', () => {
  it('summarises the counted figures and offers the buttons by threshold', () => {
    const step = run(customer(), say('My kitchen tap is leaking'), {
      type: 'analysis',
      analysis: analysis(),
    });
    const summary = step.replies[0];
    expect(summary?.text).toContain(
      '7 providers within 10 km of Surry Hills NSW 2010 (moderate competition)',
    );
    expect(summary?.text).toContain('Businesses usually respond within 4 hours');
    expect(summary?.text).toContain('Typical budget: $150-300');
    expect(summary?.text).toContain('Popular times: morning and evening');
    expect(summary?.text).toContain('23 jobs booked in the last 3 months');
    expect(summary?.options).toEqual(['ask_questions', 'send_all']);
    expect(step.state.stage).toBe('options');
  });

  it('says "on Grip" and offers no expansion without a location', () => {
    const a = analysis({
      hasLocation: false,
      providerCount: 1,
      options: ['expand', 'ask_questions', 'send_all'],
    });
    const step = run(initialState('guest'), say('leaking tap'), { type: 'analysis', analysis: a });
    expect(step.replies[0]?.text).toContain('1 provider on Grip');
    expect(step.replies[0]?.options).toEqual(['ask_questions', 'send_all']);
  });

  it('leaves out the budget and times it does not have', () => {
    const a = analysis({ typicalBudgetRange: null, popularTimeSlots: [], jobsLast3Months: 1 });
    const text = run(customer(), say('leaking tap'), { type: 'analysis', analysis: a }).replies[0]?.text;
    expect(text).not.toContain('Typical budget');
    expect(text).not.toContain('Popular times');
    expect(text).toContain('1 job booked');
  });

  it('on failure says it found several options and asks whether to send now', () => {
    const step = run(customer(), say('leaking tap'), { type: 'analysis_failed' });
    expect(step.replies[0]?.text).toBe(
      'I found several options for plumbing near you. Would you like to send your request now?',
    );
    expect(step.replies[0]?.options).toEqual(['send_all', 'ask_questions']);
  });

  it('expands by re-counting at 20 km and sending at 25 km', () => {
    const few = analysis({ providerCount: 2, options: ['expand', 'ask_questions', 'send_all'] });
    const state = atOptions(few);
    const expanding = reduce(state, { type: 'choose_option', option: 'expand' }, NOW);
    expect(expanding.state.stage).toBe('expanding');
    expect(expanding.state.draft?.serviceAreaKm).toBe(25);
    expect(expanding.effects).toEqual([
      {
        type: 'analyse',
        params: expect.objectContaining({ radiusKm: 20, latitude: HOME.latitude }) as unknown,
      },
    ]);
    const done = reduce(expanding.state, { type: 'analysis', analysis: analysis({ providerCount: 9 }) }, NOW);
    expect(done.replies[0]?.text).toMatch(/widened the search to 20 km: 9 providers/);
    expect(done.replies[0]?.options).toEqual(['ask_questions', 'send_all']);
    // The send button names the wider count from now on.
    expect(done.state.analysis?.providerCount).toBe(9);
  });

  it('falls back to the counted 20 km figure when re-counting fails', () => {
    const few = analysis({
      providerCount: 2,
      expandedProviderCount: 4,
      options: ['expand', 'ask_questions', 'send_all'],
    });
    const step = run(
      atOptions(few),
      { type: 'choose_option', option: 'expand' },
      { type: 'analysis_failed' },
    );
    expect(step.replies[0]?.text).toMatch(/4 providers/);
  });

  it('ignores options that were not offered', () => {
    const step = reduce(atOptions(), { type: 'choose_option', option: 'expand' }, NOW);
    expect(step.state.stage).toBe('options');
    expect(step.effects).toEqual([]);
  });

  it('understands typed choices', () => {
    expect(run(atOptions(), say('send it')).state.stage).toBe('budget');
    expect(run(atOptions(), say('I can answer questions')).state.stage).toBe('questions');
    expect(run(atOptions(), say('purple')).replies[0]?.text).toBe('Please choose one of the options above.');
  });
});

describe('questions and gathering', () => {
  it('asks the category questions one by one, allowing skips, then the budget', () => {
    const questions = CATEGORY_QUESTIONS['Home & Property Services'] ?? [];
    let step = run(atOptions(), { type: 'choose_option', option: 'ask_questions' });
    expect(step.texts[0]).toBe(`Question 1 of ${questions.length}: ${questions[0]}`);
    step = run(step.state, say('Under the kitchen sink'), say('Skip'), say('Street parking'));
    expect(step.state.stage).toBe('budget');
    expect(step.state.draft?.answers).toEqual([
      { question: questions[0], answer: 'Under the kitchen sink' },
      { question: questions[2], answer: 'Street parking' },
    ]);
    expect(step.texts.at(-1)).toMatch(/Most plumbing jobs are around \$150-300/);
    expect(step.replies.at(-1)?.chips?.map((c) => c.value)).toEqual(['$150', '$300']);
  });

  it('checks the budget, the date and the details with the spec messages', () => {
    let step = run(atOptions(), { type: 'choose_option', option: 'send_all' }, say('not sure'));
    expect(step.replies[0]).toMatchObject({ tone: 'error' });
    expect(step.state.stage).toBe('budget');
    step = run(step.state, say('$250'), say('2026-05-01'));
    expect(step.texts.at(-1)).toBe(REQUEST_MESSAGES.preferredDateInPast);
    step = run(step.state, say('purple'));
    expect(step.texts[0]).toMatch(/didn't catch when/);
    step = run(step.state, say('asap'), say('leak'));
    expect(step.texts.at(-1)).toBe(REQUEST_MESSAGES.descriptionTooShort);
    expect(step.state.stage).toBe('details');
    step = run(step.state, say('The kitchen mixer tap drips constantly.'));
    // The location is known, so the summary comes next.
    expect(step.state.stage).toBe('confirm');
    expect(step.state.draft).toMatchObject({
      budget: 250,
      when: { preferredDate: '2026-05-06', timeOfDay: 'flexible', preferredTime: null, isUrgent: true },
      isUrgent: true,
      details: 'The kitchen mixer tap drips constantly.',
    });
  });

  it('reads a budget only from money: a duration or a size is asked again (issue 33)', () => {
    let step = run(atOptions(), { type: 'choose_option', option: 'send_all' }, say('needs 45 minute walks'));
    expect(step.replies[0]).toMatchObject({ tone: 'error' });
    expect(step.state.stage).toBe('budget');
    expect(step.state.draft?.budget).toBeNull();
    step = run(step.state, say('3 bedrooms'));
    expect(step.state.stage).toBe('budget');
    step = run(step.state, say('AUD 45'));
    expect(step.state.stage).toBe('datetime');
    expect(step.state.draft?.budget).toBe(45);
  });

  it('keeps an amount named with a currency in the need, never a bare number', () => {
    const named = run(customer(), say('Fix my leaking kitchen tap, $200 max'), {
      type: 'analysis',
      analysis: analysis(),
    });
    expect(named.state.draft?.budget).toBe(200);
    const budget = run(named.state, { type: 'choose_option', option: 'send_all' });
    expect(budget.replies.at(-1)?.chips?.map((c) => c.label)).toEqual(['$200', '$150', '$300']);

    const walks = run(customer(), say('I need a dog walker, needs 45 minute walks'));
    expect(walks.state.draft?.budget).toBeNull();
  });

  it('takes a budget from an answer only when it is said with a currency', () => {
    let step = run(atOptions(), { type: 'choose_option', option: 'ask_questions' }, say('about 40 sqm'));
    expect(step.state.draft?.budget).toBeNull();
    step = run(step.state, say('It is getting worse, happy to pay 300 dollars'));
    expect(step.state.draft?.budget).toBe(300);
  });

  it('asks where when no location is known', () => {
    const step = run(
      initialState('guest'),
      say('leaking tap'),
      { type: 'analysis', analysis: analysis({ hasLocation: false }) },
      { type: 'choose_option', option: 'send_all' },
      say('200'),
      say('Saturday'),
      say('The kitchen mixer tap drips constantly.'),
    );
    expect(step.state.stage).toBe('location');
    const confirm = run(step.state, say('3 Bay Rd, Manly NSW 2095'));
    expect(confirm.state.stage).toBe('confirm');
    expect(confirm.state.draft?.location).toEqual({
      address: '3 Bay Rd, Manly NSW 2095',
      latitude: null,
      longitude: null,
    });
    expect(confirm.texts[0]).toContain('• Where: 3 Bay Rd, Manly NSW 2095 (within 10 km)');
    expect(confirm.texts[0]).toContain('• When: May 9, 2026');
  });
});

function atConfirm(state: ConversationState = atOptions()) {
  return run(
    state,
    { type: 'choose_option', option: 'ask_questions' },
    say('Under the kitchen sink'),
    say('Skip'),
    say('Skip'),
    say('$250'),
    say('tomorrow morning'),
    say('My kitchen tap is leaking'),
  );
}

describe('confirming', () => {
  it('shows the summary and submits the exact request on "yes"', () => {
    const confirm = atConfirm();
    expect(confirm.state.stage).toBe('confirm');
    expect(confirm.texts.at(-1)).toContain('• Title: Leaking kitchen tap');
    expect(confirm.texts.at(-1)).toContain('• Service: Plumbing (Home & Property Services)');
    expect(confirm.texts.at(-1)).toContain('• Budget: $250');
    expect(confirm.texts.at(-1)).toContain('• When: May 7, 2026 · Morning');
    const send = reduce(confirm.state, say('send it'), NOW);
    expect(send.state.stage).toBe('submitting');
    expect(send.effects).toEqual([
      {
        type: 'submit',
        payload: {
          serviceType: 'Home & Property Services',
          serviceSubtype: 'plumbing',
          title: 'Leaking kitchen tap',
          description: `My kitchen tap is leaking\n${CATEGORY_QUESTIONS['Home & Property Services']?.[0]} Under the kitchen sink`,
          location: HOME.address,
          latitude: HOME.latitude,
          longitude: HOME.longitude,
          serviceAreaKm: 10,
          budget: 250,
          preferredDate: '2026-05-07',
          preferredTime: '10:00:00',
          flexibleDates: false,
          isUrgent: false,
          images: [],
        },
      },
    ]);
  });

  it('re-asks on anything but yes or no, and starts over on "no"', () => {
    const confirm = atConfirm();
    expect(reduce(confirm.state, say('maybe'), NOW).replies[0]?.text).toMatch(/Reply "yes" or "send it"/);
    const declined = reduce(confirm.state, say('start over'), NOW);
    expect(declined.state.stage).toBe('describe');
    expect(declined.state.draft).toBeNull();
    expect(declined.state.knownLocation).toEqual(HOME);
    expect(declined.effects).toEqual([{ type: 'clear_pending' }]);
  });

  it('hands a guest over to sign in instead of submitting', () => {
    const guest = run(
      initialState('guest'),
      say('leaking tap'),
      { type: 'analysis', analysis: analysis({ hasLocation: false }) },
      { type: 'choose_option', option: 'send_all' },
      say('200'),
      say('asap'),
      say('The kitchen mixer tap drips constantly.'),
      say('3 Bay Rd, Manly NSW 2095'),
    );
    expect(guest.texts.at(-1)).toMatch(/you'll sign in first/);
    const yes = reduce(guest.state, say('yes'), NOW);
    expect(yes.state.stage).toBe('signing_in');
    expect(yes.effects).toEqual([{ type: 'sign_in', draft: guest.state.draft }]);
    expect(yes.replies[0]?.text).toMatch(/sign in or create a free account/);
  });

  it('reports the real number of businesses notified and hands off', () => {
    const created = { id: 'r1', title: 'Plumbing request', status: 'open' as const, matchedBusinesses: 4 };
    const step = reduce(atConfirm().state, { type: 'submitted', created }, NOW);
    expect(step.replies[0]?.text).toBe(
      "Request submitted! 4 businesses have been notified. You'll see their offers in My Requests.",
    );
    expect(step.effects).toEqual([{ type: 'clear_pending' }, { type: 'hand_off', created }]);
    expect(step.state.stage).toBe('done');
    const one = reduce(
      atConfirm().state,
      { type: 'submitted', created: { ...created, matchedBusinesses: 1 } },
      NOW,
    );
    expect(one.replies[0]?.text).toMatch(/^Request submitted! 1 business has been notified/);
  });

  it('explains a field error and asks that step again', () => {
    const step = reduce(
      atConfirm().state,
      {
        type: 'submit_failed',
        message: 'Please provide at least 10 characters',
        fields: { description: 'Please provide at least 10 characters' },
      },
      NOW,
    );
    expect(step.replies[0]).toMatchObject({
      text: "I couldn't send your request. Please provide at least 10 characters",
      tone: 'error',
    });
    expect(step.state.stage).toBe('details');
  });

  it('shows other failures (the review gate) and stays ready to send again', () => {
    const message =
      'You have pending reviews for completed services. Please complete your reviews before creating new requests.';
    const step = reduce(atConfirm().state, { type: 'submit_failed', message }, NOW);
    expect(step.replies[0]?.text).toBe(`I couldn't send your request. ${message}`);
    expect(step.state.stage).toBe('confirm');
  });
});

describe('restoring a guest request', () => {
  it('resumes at the confirm step with the summary', () => {
    const draft: Draft = {
      need: 'leaking tap',
      category: 'Home & Property Services',
      service: 'Plumbing',
      serviceAreaKm: 25,
      answers: [],
      budget: 200,
      when: null,
      details: 'The kitchen mixer tap drips constantly.',
      location: { address: '3 Bay Rd, Manly NSW 2095', latitude: null, longitude: null },
      isUrgent: false,
    };
    const step = reduce(initialState('customer'), { type: 'restore', draft }, NOW);
    expect(step.state).toMatchObject({ stage: 'confirm', isRestored: true, draft });
    expect(step.replies[0]?.text).toMatch(/Welcome back/);
    expect(step.replies[1]?.text).toContain('(within 25 km)');
    // A last location learned afterwards does not replace the guest's address.
    const later = reduce(step.state, { type: 'location_known', location: HOME }, NOW);
    expect(later.state.draft?.location?.address).toBe('3 Bay Rd, Manly NSW 2095');
  });
});
