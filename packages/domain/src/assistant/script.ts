/** What the assistant says and asks (spec 2 §4 "Assistant chat flow", §9): prompts, questions, steps. */

/** Fourteen sample needs (spec 2 §9), one or more per category group; each classifies. */
export const ASSISTANT_EXAMPLE_PROMPTS: readonly string[] = [
  'My kitchen tap is leaking',
  'I need a dog walker on weekdays',
  'Deep clean of a 2-bedroom apartment',
  'Paint the living room and hallway',
  'Mow the lawn and trim the hedges',
  'A maths tutor for year 10',
  'Help moving to a new flat on Saturday',
  'Install three new power points',
  'Photographer for a 40th birthday party',
  "My washing machine won't drain",
  'End of lease clean for a studio',
  'Fix a leaking roof before winter',
  'Wash and groom my dog',
  'Put up Christmas lights on the house',
];

/** `count` items of a list starting at page `page` (wrapping round), for rotating displays. */
export function rotatingWindow<T>(items: readonly T[], page: number, count: number): T[] {
  if (items.length === 0 || count <= 0) return [];
  const size = Math.min(count, items.length);
  const start = (((page * size) % items.length) + items.length) % items.length;
  return Array.from({ length: size }, (_, i) => items[(start + i) % items.length] as T);
}

/** Questions asked per category group when the customer chooses to answer a few first. */
export const CATEGORY_QUESTIONS: Readonly<Record<string, readonly string[]>> = {
  Experiences: [
    'What kind of experience are you after, and for how many people?',
    'Is it for a special occasion we should mention?',
  ],
  'Home & Property Services': [
    'Which part of the property is it, and roughly how big is the job?',
    'Is anything damaged or getting worse, or is it routine work?',
    'Is there easy access and parking at the property?',
  ],
  'Pet Services': [
    'What kind of pet, and how many?',
    'Anything the provider should know about temperament, health or routine?',
  ],
  'Personal Care & Lifestyle': [
    'Would you like the session at your place, or are you happy to travel?',
    'Any goals or preferences the provider should know about?',
  ],
  'Vehicle & Transportation': [
    'What is the vehicle or load (make and model, or what needs moving)?',
    'Where from and where to, if it involves a trip?',
  ],
  'Renovation & Home Improvement': [
    'Roughly how big is the area (square metres or number of rooms)?',
    'Do you have the materials, or should the provider supply them?',
  ],
  'Everyday Household Needs': [
    'Is it a one-off, or would you like it weekly or fortnightly?',
    'Any brands, models or preferences the provider should know about?',
  ],
  'Occasional/Seasonal Services': [
    'Roughly how big is the property or event?',
    'Is it a one-off, or something you would like done every season?',
  ],
};

const GENERAL_QUESTIONS = [
  'What exactly needs doing?',
  'Anything the provider should know before quoting?',
] as const;

export function questionsFor(category: string): readonly string[] {
  return CATEGORY_QUESTIONS[category] ?? GENERAL_QUESTIONS;
}

/** The gathering steps (spec 2 §4 step 5); 'location' is asked before confirming only when unknown. */
export const ASSISTANT_GATHERING_STEPS = ['budget', 'datetime', 'details', 'confirm'] as const;
export type GatheringStep = (typeof ASSISTANT_GATHERING_STEPS)[number] | 'location';

export function gatheringSteps(options: { needsLocation: boolean }): GatheringStep[] {
  return options.needsLocation
    ? ['budget', 'datetime', 'details', 'location', 'confirm']
    : [...ASSISTANT_GATHERING_STEPS];
}

/** The step after `step`; 'confirm' is the last. */
export function nextGatheringStep(step: GatheringStep, options: { needsLocation: boolean }): GatheringStep {
  const steps = gatheringSteps(options);
  const index = steps.indexOf(step);
  return steps[Math.min(index + 1, steps.length - 1)] ?? 'confirm';
}
