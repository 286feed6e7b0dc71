import {
  ASSISTANT_EXAMPLE_PROMPTS,
  ASSISTANT_EXPANDED_SERVICE_AREA_KM,
  ASSISTANT_FALLBACK_SUGGESTIONS,
  assistantOptions,
  classifyNeed,
  findMoneyMention,
  formatCurrency,
  isConfirmation,
  isDecline,
  isUrgentText,
  MARKET_DEFAULT_RADIUS_KM,
  MARKET_EXPANDED_RADIUS_KM,
  nextGatheringStep,
  parseBudget,
  parseWhen,
  questionsFor,
  REQUEST_DESCRIPTION_MIN_LENGTH,
  REQUEST_MESSAGES,
  rotatingWindow,
  type AssistantOption,
  type CreatedRequest,
  type GatheringStep,
  type MarketAnalysis,
  type ServiceRequestInput,
} from '@grip/domain';
import {
  analysisFailedText,
  analysisText,
  ASSISTANT_TEXT,
  budgetQuestion,
  EXPAND_FAILED_TEXT,
  expandedText,
  questionText,
  recognisedText,
  submittedText,
  summaryText,
} from './assistant-text';
import { newDraft, requestPayloadOf, type Draft, type DraftLocation } from './draft';

/**
 * The assistant's conversation as a pure state machine (spec 2 §4 "Assistant chat flow"): each event
 * gives the next state, what the assistant says, and the effects to run (fetching the market
 * analysis, submitting, handing a guest over to sign-in). The hook in hooks/use-assistant.ts runs it.
 */

export type Variant = 'customer' | 'guest';

export interface Chip {
  label: string;
  /** What is sent as the customer's message when the chip is chosen. */
  value: string;
}

export interface Reply {
  text: string;
  chips?: Chip[];
  options?: AssistantOption[];
  tone?: 'error';
}

export type Stage =
  | 'describe'
  | 'analysing'
  | 'options'
  | 'expanding'
  | 'questions'
  | 'budget'
  | 'datetime'
  | 'details'
  | 'location'
  | 'confirm'
  | 'submitting'
  | 'signing_in'
  | 'done';

export interface ConversationState {
  variant: Variant;
  stage: Stage;
  draft: Draft | null;
  /** The customer's last location (GET /api/requests/last-location); guests have none. */
  knownLocation: DraftLocation | null;
  analysis: MarketAnalysis | null;
  options: AssistantOption[];
  questionIndex: number;
  /** How many times the need was not understood, to vary the suggestions. */
  misses: number;
  /** The request came back from a guest's session (sessionStorage). */
  isRestored: boolean;
}

export interface MarketParams {
  serviceType: string;
  service?: string;
  latitude?: number;
  longitude?: number;
  radiusKm: number;
}

export type Effect =
  | { type: 'analyse'; params: MarketParams }
  | { type: 'submit'; payload: ServiceRequestInput }
  /** Runs once the replies before it are shown. */
  | { type: 'sign_in'; draft: Draft }
  | { type: 'hand_off'; created: CreatedRequest }
  | { type: 'clear_pending' };

export type ConversationEvent =
  | { type: 'user_text'; text: string }
  | { type: 'choose_option'; option: AssistantOption }
  | { type: 'analysis'; analysis: MarketAnalysis }
  | { type: 'analysis_failed' }
  | { type: 'submitted'; created: CreatedRequest }
  | { type: 'submit_failed'; message: string; fields?: Readonly<Record<string, string>> }
  | { type: 'location_known'; location: DraftLocation | null }
  | { type: 'restore'; draft: Draft };

export interface Step {
  state: ConversationState;
  replies: Reply[];
  effects: Effect[];
}

export function initialState(variant: Variant): ConversationState {
  return {
    variant,
    stage: 'describe',
    draft: null,
    knownLocation: null,
    analysis: null,
    options: [],
    questionIndex: 0,
    misses: 0,
    isRestored: false,
  };
}

export function greeting(variant: Variant): Reply {
  return { text: variant === 'guest' ? ASSISTANT_TEXT.greetingGuest : ASSISTANT_TEXT.greetingCustomer };
}

/** Three sample needs as chips, different each time the need is not understood. */
export function suggestionChips(page: number): Chip[] {
  return rotatingWindow(ASSISTANT_EXAMPLE_PROMPTS, page, ASSISTANT_FALLBACK_SUGGESTIONS).map((p) => ({
    label: p,
    value: p,
  }));
}

const say = (state: ConversationState, ...replies: Reply[]): Step => ({ state, replies, effects: [] });

function locationLabel(location: DraftLocation | null): string | null {
  if (!location) return null;
  // The suburb part reads better than a street address in a sentence.
  const parts = location.address.split(',').map((p) => p.trim());
  return parts.length > 1 ? parts.slice(1).join(', ') : (parts[0] ?? null);
}

function marketParams(draft: Draft, location: DraftLocation | null, radiusKm: number): MarketParams {
  const hasPoint = location?.latitude != null && location.longitude != null;
  return {
    serviceType: draft.category,
    ...(draft.service ? { service: draft.service } : {}),
    ...(hasPoint ? { latitude: location.latitude as number, longitude: location.longitude as number } : {}),
    radiusKm,
  };
}

/** The options offered after an analysis; expanding re-counts nothing without a location. */
function offeredOptions(analysis: MarketAnalysis | null, providerCount: number): AssistantOption[] {
  const options = analysis?.options ?? assistantOptions(providerCount);
  return analysis && !analysis.hasLocation ? options.filter((o) => o !== 'expand') : options;
}

function askStep(state: ConversationState, step: GatheringStep): Step {
  const draft = state.draft as Draft;
  const next = { ...state, stage: step as Stage };
  switch (step) {
    case 'budget': {
      const typical = state.analysis?.typicalBudgetRange ?? null;
      return say(next, { text: budgetQuestion(draft, typical), chips: budgetChips(draft, state.analysis) });
    }
    case 'datetime':
      return say(next, {
        text: ASSISTANT_TEXT.whenQuestion,
        chips: ['ASAP', 'Tomorrow morning', 'This weekend', "I'm flexible"].map((c) => ({
          label: c,
          value: c,
        })),
      });
    case 'details':
      return say(next, {
        text: ASSISTANT_TEXT.detailsQuestion,
        chips:
          draft.need.trim().length >= REQUEST_DESCRIPTION_MIN_LENGTH
            ? [{ label: 'Use what I wrote', value: draft.need }]
            : [],
      });
    case 'location':
      return say(next, { text: ASSISTANT_TEXT.locationQuestion });
    case 'confirm':
      return confirmStep(next);
  }
}

/**
 * The budget question's buttons: an amount the customer already named ('… $200 max') first, then the
 * typical range's ends, each in the platform's currency and sent as the customer would write it.
 */
function budgetChips(draft: Draft, analysis: MarketAnalysis | null): Chip[] {
  const bounds = analysis?.typicalBudget;
  const amounts = [
    ...(draft.budget === null ? [] : [draft.budget]),
    ...(bounds ? [bounds.low, bounds.high] : []),
  ].filter((n, i, all) => all.indexOf(n) === i);
  return amounts.map((n) => {
    const label = formatCurrency(n);
    // A label that reads back as another amount ('1.500 €' in German) is sent as the plain number.
    return { label, value: parseBudget(label) === n ? label : String(n) };
  });
}

function confirmStep(state: ConversationState): Step {
  const draft = state.draft as Draft;
  return say(
    { ...state, stage: 'confirm' },
    {
      text: summaryText(draft, state.variant),
      chips: [
        { label: 'Yes, send it', value: 'Yes, send it' },
        { label: 'Start over', value: 'Start over' },
      ],
    },
  );
}

/** After `step`, the next gathering step; the location is asked only when none is known. */
function advance(state: ConversationState, step: GatheringStep): Step {
  // Once answered, the location step still counts as one of the steps, so 'confirm' follows it.
  const needsLocation = step === 'location' || !state.draft?.location;
  return askStep(state, nextGatheringStep(step, { needsLocation }));
}

/** A budget said with a currency in passing ('fix my tap, $200 max'); a bare number never is one (issue 33). */
function withMentionedBudget(draft: Draft, text: string): Draft {
  const mentioned = findMoneyMention(text);
  return mentioned === null ? draft : { ...draft, budget: mentioned };
}

function withDraft(state: ConversationState, change: Partial<Draft>): ConversationState {
  return { ...state, draft: { ...(state.draft as Draft), ...change } };
}

function startQuestions(state: ConversationState): Step {
  const draft = state.draft as Draft;
  const questions = questionsFor(draft.category);
  return say(
    { ...state, stage: 'questions', questionIndex: 0 },
    {
      text: questionText(questions[0] ?? '', 0, questions.length),
      chips: [{ label: ASSISTANT_TEXT.skip, value: ASSISTANT_TEXT.skip }],
    },
  );
}

function chooseOption(state: ConversationState, option: AssistantOption): Step {
  if (state.stage !== 'options' || !state.options.includes(option)) return say(state);
  if (option === 'send_all') return askStep(state, 'budget');
  if (option === 'ask_questions') return startQuestions(state);
  const expanded = withDraft(
    { ...state, stage: 'expanding' },
    { serviceAreaKm: ASSISTANT_EXPANDED_SERVICE_AREA_KM },
  );
  return {
    state: expanded,
    replies: [],
    effects: [
      {
        type: 'analyse',
        params: marketParams(expanded.draft as Draft, state.knownLocation, MARKET_EXPANDED_RADIUS_KM),
      },
    ],
  };
}

/** Options typed rather than clicked: 'yes' sends, 'questions' asks, 'expand'/'20' widens. */
function typedOption(text: string, options: AssistantOption[]): AssistantOption | null {
  const lower = text.toLowerCase();
  if (options.includes('expand') && /\b(expand|wider|widen|20)\b/.test(lower)) return 'expand';
  if (options.includes('ask_questions') && /\b(question|questions|answer)\b/.test(lower))
    return 'ask_questions';
  if (options.includes('send_all') && (isConfirmation(text) || /\bsend\b/.test(lower))) return 'send_all';
  return null;
}

function userText(state: ConversationState, raw: string, now: Date): Step {
  const text = raw.trim();
  if (!text) return say(state);
  const draft = state.draft;

  switch (state.stage) {
    case 'describe':
    case 'done': {
      const match = classifyNeed(text);
      if (!match) {
        return say(
          { ...state, stage: 'describe', misses: state.misses + 1 },
          { text: ASSISTANT_TEXT.unrecognised, chips: suggestionChips(state.misses) },
        );
      }
      const fresh = withMentionedBudget(newDraft(text, match, isUrgentText(text)), text);
      const location = state.knownLocation;
      const next: ConversationState = {
        ...state,
        stage: 'analysing',
        draft: { ...fresh, location },
        analysis: null,
        options: [],
        questionIndex: 0,
        isRestored: false,
      };
      return {
        state: next,
        replies: [{ text: recognisedText(fresh) }],
        effects: [{ type: 'analyse', params: marketParams(fresh, location, MARKET_DEFAULT_RADIUS_KM) }],
      };
    }
    case 'options': {
      const option = typedOption(text, state.options);
      return option
        ? chooseOption(state, option)
        : say(state, { text: ASSISTANT_TEXT.chooseOption, options: state.options });
    }
    case 'questions': {
      const questions = questionsFor((draft as Draft).category);
      const question = questions[state.questionIndex] ?? '';
      const skipped = text.toLowerCase() === ASSISTANT_TEXT.skip.toLowerCase();
      const answered = skipped
        ? state
        : withDraft(state, {
            answers: [...(draft as Draft).answers, { question, answer: text.slice(0, 2000) }],
            budget: findMoneyMention(text) ?? (draft as Draft).budget,
          });
      const nextIndex = state.questionIndex + 1;
      if (nextIndex < questions.length) {
        return say(
          { ...answered, questionIndex: nextIndex },
          {
            text: questionText(questions[nextIndex] ?? '', nextIndex, questions.length),
            chips: [{ label: ASSISTANT_TEXT.skip, value: ASSISTANT_TEXT.skip }],
          },
        );
      }
      return askStep(answered, 'budget');
    }
    case 'budget': {
      const budget = parseBudget(text);
      if (budget === null) return say(state, { text: ASSISTANT_TEXT.budgetInvalid, tone: 'error' });
      return advance(withDraft(state, { budget }), 'budget');
    }
    case 'datetime': {
      const parsed = parseWhen(text, now);
      if (!parsed.ok) {
        return say(state, {
          text: parsed.reason === 'past' ? REQUEST_MESSAGES.preferredDateInPast : ASSISTANT_TEXT.whenUnknown,
          tone: 'error',
        });
      }
      const next = withDraft(state, {
        when: parsed.value,
        isUrgent: (draft as Draft).isUrgent || parsed.value.isUrgent,
      });
      return advance(next, 'datetime');
    }
    case 'details': {
      if (text.length < REQUEST_DESCRIPTION_MIN_LENGTH) {
        return say(state, { text: REQUEST_MESSAGES.descriptionTooShort, tone: 'error' });
      }
      const details = text.slice(0, 5000);
      return advance(
        withDraft(state, { details, isUrgent: (draft as Draft).isUrgent || isUrgentText(details) }),
        'details',
      );
    }
    case 'location': {
      if (text.length > 300) return say(state, { text: ASSISTANT_TEXT.locationInvalid, tone: 'error' });
      return advance(
        withDraft(state, { location: { address: text, latitude: null, longitude: null } }),
        'location',
      );
    }
    case 'confirm': {
      if (isConfirmation(text)) {
        if (state.variant === 'guest') {
          return {
            state: { ...state, stage: 'signing_in' },
            replies: [{ text: ASSISTANT_TEXT.guestSignIn }],
            effects: [{ type: 'sign_in', draft: draft as Draft }],
          };
        }
        return {
          state: { ...state, stage: 'submitting' },
          replies: [],
          effects: [{ type: 'submit', payload: requestPayloadOf(draft as Draft) }],
        };
      }
      if (isDecline(text)) {
        return {
          ...say(
            { ...initialState(state.variant), knownLocation: state.knownLocation },
            { text: ASSISTANT_TEXT.declined },
          ),
          effects: [{ type: 'clear_pending' }],
        };
      }
      return say(state, {
        text: ASSISTANT_TEXT.confirmHint,
        chips: [
          { label: 'Yes, send it', value: 'Yes, send it' },
          { label: 'Start over', value: 'Start over' },
        ],
      });
    }
    default:
      // Analysing, expanding, submitting, signing in: the chat waits; the hook does not send text then.
      return say(state);
  }
}

/** Which step a field error from the server sends the customer back to. */
const FIELD_STEPS: Readonly<Record<string, GatheringStep>> = {
  budget: 'budget',
  preferredDate: 'datetime',
  preferredTime: 'datetime',
  description: 'details',
  location: 'location',
};

function submitFailed(
  state: ConversationState,
  message: string,
  fields?: Readonly<Record<string, string>>,
): Step {
  const field = Object.keys(fields ?? {}).find((f) => f in FIELD_STEPS);
  if (field && fields) {
    const step = FIELD_STEPS[field] as GatheringStep;
    const explained = say(state, { text: `${ASSISTANT_TEXT.submitFailed} ${fields[field]}`, tone: 'error' });
    const asked = askStep({ ...state, stage: step }, step);
    return { ...asked, replies: [...explained.replies, ...asked.replies] };
  }
  return say(
    { ...state, stage: 'confirm' },
    { text: `${ASSISTANT_TEXT.submitFailed} ${message}`, tone: 'error' },
    {
      text: ASSISTANT_TEXT.confirmHint,
      chips: [
        { label: 'Yes, send it', value: 'Yes, send it' },
        { label: 'Start over', value: 'Start over' },
      ],
    },
  );
}

export function reduce(state: ConversationState, event: ConversationEvent, now: Date): Step {
  switch (event.type) {
    case 'user_text':
      return userText(state, event.text, now);
    case 'choose_option':
      return chooseOption(state, event.option);
    case 'location_known': {
      // Learned while the chat is under way: used for analyses and the request from now on.
      const draft =
        state.draft && !state.draft.location ? { ...state.draft, location: event.location } : state.draft;
      return say({ ...state, knownLocation: event.location, draft });
    }
    case 'analysis': {
      const draft = state.draft as Draft;
      if (state.stage === 'analysing') {
        const options = offeredOptions(event.analysis, event.analysis.providerCount);
        return say(
          { ...state, stage: 'options', analysis: event.analysis, options },
          { text: analysisText(draft, event.analysis, locationLabel(state.knownLocation)), options },
        );
      }
      if (state.stage === 'expanding') {
        const options = assistantOptions(event.analysis.providerCount).filter((o) => o !== 'expand');
        // The wider count is the one the send button names from now on.
        return say(
          { ...state, stage: 'options', analysis: event.analysis, options },
          { text: expandedText(event.analysis.providerCount), options },
        );
      }
      return say(state);
    }
    case 'analysis_failed': {
      if (state.stage === 'analysing') {
        // Spec 2 §8: the assistant says it found several options and asks whether to send now.
        const options: AssistantOption[] = ['send_all', 'ask_questions'];
        return say(
          { ...state, stage: 'options', options },
          { text: analysisFailedText(state.draft as Draft), options },
        );
      }
      if (state.stage === 'expanding') {
        const options: AssistantOption[] = ['send_all', 'ask_questions'];
        const counted = state.analysis?.hasLocation ? state.analysis.expandedProviderCount : null;
        return say(
          { ...state, stage: 'options', options },
          { text: counted === null ? EXPAND_FAILED_TEXT : expandedText(counted), options },
        );
      }
      return say(state);
    }
    case 'submitted':
      return {
        state: { ...state, stage: 'done', draft: null, isRestored: false },
        replies: [{ text: submittedText(event.created.matchedBusinesses) }],
        effects: [{ type: 'clear_pending' }, { type: 'hand_off', created: event.created }],
      };
    case 'submit_failed':
      return submitFailed(state, event.message, event.fields);
    case 'restore': {
      const restored: ConversationState = {
        ...state,
        draft: event.draft,
        isRestored: true,
      };
      const summary = confirmStep(restored);
      return { ...summary, replies: [{ text: ASSISTANT_TEXT.restored }, ...summary.replies] };
    }
  }
}

/** Whether the chat takes typed text now (not while it is fetching, sending or handing over). */
export function acceptsText(stage: Stage): boolean {
  return !['analysing', 'expanding', 'submitting', 'signing_in'].includes(stage);
}
