import {
  ASSISTANT_EXPANDED_SERVICE_AREA_KM,
  ASSISTANT_SERVICE_AREA_KM,
  serviceSlug,
  serviceTitle,
  suggestRequestTitle,
  TIMES_OF_DAY,
  type ServiceRequestInput,
} from '@grip/domain';
import { z } from 'zod';

/** Where the work is: an address the customer gave (or used last time), with coordinates when known. */
export const DraftLocationSchema = z.object({
  address: z.string().min(1).max(300),
  latitude: z.number().min(-90).max(90).nullable(),
  longitude: z.number().min(-180).max(180).nullable(),
});
export type DraftLocation = z.infer<typeof DraftLocationSchema>;

/** What the assistant has gathered so far; also what a guest's pending request keeps. */
export const DraftSchema = z.object({
  need: z.string().max(5000),
  category: z.string().min(1).max(100),
  service: z.string().max(100).nullable(),
  serviceAreaKm: z.union([
    z.literal(ASSISTANT_SERVICE_AREA_KM),
    z.literal(ASSISTANT_EXPANDED_SERVICE_AREA_KM),
  ]),
  answers: z.array(z.object({ question: z.string().max(300), answer: z.string().max(2000) })).max(10),
  budget: z.number().int().min(0).nullable(),
  when: z
    .object({
      preferredDate: z.string().nullable(),
      timeOfDay: z.enum(TIMES_OF_DAY),
      preferredTime: z.string().nullable(),
      isUrgent: z.boolean(),
    })
    .nullable(),
  details: z.string().max(5000).nullable(),
  location: DraftLocationSchema.nullable(),
  isUrgent: z.boolean(),
});
export type Draft = z.infer<typeof DraftSchema>;

export function newDraft(
  need: string,
  match: { category: string; service: string | null },
  isUrgent: boolean,
): Draft {
  return {
    need,
    category: match.category,
    service: match.service,
    serviceAreaKm: ASSISTANT_SERVICE_AREA_KM,
    answers: [],
    budget: null,
    when: null,
    details: null,
    location: null,
    isUrgent,
  };
}

/** The service the customer will recognise: the service when known, else the category group. */
export function draftLabel(draft: Pick<Draft, 'category' | 'service'>): string {
  return draft.service ?? draft.category;
}

const DESCRIPTION_MAX = 5000;

/** The description sent: the customer's own words, then their answers to the category questions. */
export function descriptionOf(draft: Draft): string {
  const lines = [draft.details ?? draft.need, ...draft.answers.map((a) => `${a.question} ${a.answer}`)];
  return lines
    .map((l) => l.trim())
    .filter(Boolean)
    .join('\n')
    .slice(0, DESCRIPTION_MAX);
}

/**
 * The request's title (decision 030), suggested as the form does: from the need the customer opened
 * with (their headline), else from the details they gave, else the service's name.
 */
export function draftTitleOf(draft: Draft): string {
  const service = {
    serviceType: draft.category,
    serviceSubtype: draft.service ? serviceSlug(draft.service) : null,
  };
  const fromNeed = suggestRequestTitle({ ...service, description: draft.need });
  const isServiceName = fromNeed === serviceTitle(service.serviceType, service.serviceSubtype);
  return isServiceName && draft.details
    ? suggestRequestTitle({ ...service, description: draft.details })
    : fromNeed;
}

/** The POST /api/requests body for a complete draft (spec 2 §5 request fields). */
export function requestPayloadOf(draft: Draft): ServiceRequestInput {
  return {
    serviceType: draft.category,
    serviceSubtype: draft.service ? serviceSlug(draft.service) : null,
    title: draftTitleOf(draft),
    description: descriptionOf(draft),
    location: draft.location?.address ?? '',
    latitude: draft.location?.latitude ?? null,
    longitude: draft.location?.longitude ?? null,
    serviceAreaKm: draft.serviceAreaKm,
    budget: draft.budget ?? 0,
    preferredDate: draft.when?.preferredDate ?? null,
    preferredTime: draft.when?.preferredTime ?? null,
    flexibleDates: !draft.when?.preferredDate,
    isUrgent: draft.isUrgent,
    images: [],
  };
}
