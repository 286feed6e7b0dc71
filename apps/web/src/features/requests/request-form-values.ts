import {
  CUSTOMER_SERVICE_AREA_KM,
  DEFAULT_CUSTOMER_SERVICE_AREA_KM,
  formTimeOf,
  REQUEST_DESCRIPTION_MIN_LENGTH,
  REQUEST_MESSAGES,
  RequestTitleSchema,
  storedPreferredTime,
  suggestRequestTitle,
  TIME_FLEXIBILITIES,
  TIMES_OF_DAY,
  type MyRequest,
  type ServiceRequestInput,
} from '@grip/domain';
import { z } from 'zod';
import { EMPTY_LOCATION } from '@/features/location/location-value';

/**
 * The form's own values (what the inputs hold) and their checks, with the spec's messages. On submit
 * they become the API payload (ServiceRequestInputSchema), which the server checks again.
 */
export const RequestFormSchema = z.object({
  serviceType: z.string().trim().min(1, REQUEST_MESSAGES.serviceTypeRequired),
  serviceSubtype: z.string(),
  /** Suggested from the service and the description until the customer edits it (decision 030). */
  title: RequestTitleSchema,
  date: z.string(),
  timeOfDay: z.enum(TIMES_OF_DAY),
  preferredTime: z.string(),
  timeFlexibility: z.enum(TIME_FLEXIBILITIES),
  flexibleDates: z.boolean(),
  location: z.object({
    address: z.string().trim().min(1, REQUEST_MESSAGES.locationRequired).max(300),
    latitude: z.number().nullable(),
    longitude: z.number().nullable(),
    area: z.string().nullable(),
  }),
  serviceAreaDistance: z
    .string()
    .refine(
      (v) => (CUSTOMER_SERVICE_AREA_KM as readonly number[]).includes(Number(v)),
      REQUEST_MESSAGES.serviceAreaRequired,
    ),
  description: z
    .string()
    .trim()
    .min(REQUEST_DESCRIPTION_MIN_LENGTH, REQUEST_MESSAGES.descriptionTooShort)
    .max(5000, 'Please keep the description under 5000 characters'),
  // A number input read as a whole number of dollars.
  budget: z
    .string()
    .trim()
    .min(1, REQUEST_MESSAGES.budgetRequired)
    .refine((v) => /^\d{1,8}$/.test(v), REQUEST_MESSAGES.budgetRequired),
  isUrgent: z.boolean(),
});
export type RequestFormValues = z.infer<typeof RequestFormSchema>;

/** The title the form suggests for what is filled in so far; nothing while the form is empty. */
export function suggestedFormTitle(
  values: Pick<RequestFormValues, 'serviceType' | 'serviceSubtype' | 'description'>,
): string {
  if (!values.serviceType.trim() && !values.description.trim()) return '';
  return suggestRequestTitle({
    serviceType: values.serviceType,
    serviceSubtype: values.serviceSubtype || null,
    description: values.description,
  });
}

export function emptyFormValues(
  prefill: { serviceType?: string; serviceSubtype?: string | null } = {},
): RequestFormValues {
  const serviceType = prefill.serviceType ?? '';
  const serviceSubtype = prefill.serviceSubtype ?? '';
  return {
    serviceType,
    serviceSubtype,
    title: suggestedFormTitle({ serviceType, serviceSubtype, description: '' }),
    date: '',
    timeOfDay: 'flexible',
    preferredTime: '',
    timeFlexibility: 'flexible',
    flexibleDates: false,
    location: EMPTY_LOCATION,
    serviceAreaDistance: String(DEFAULT_CUSTOMER_SERVICE_AREA_KM),
    description: '',
    budget: '',
    isUrgent: false,
  };
}

/** An existing request back into the form (edit mode). */
export function formValuesOf(request: MyRequest): RequestFormValues {
  const time = formTimeOf(request.preferredTime);
  return {
    serviceType: request.serviceType,
    serviceSubtype: request.serviceSubtype ?? '',
    title: request.title,
    date: request.preferredDate ?? '',
    timeOfDay: time.timeOfDay,
    preferredTime: time.preferredTime ?? '',
    timeFlexibility: (TIME_FLEXIBILITIES as readonly string[]).includes(request.timeFlexibility ?? '')
      ? (request.timeFlexibility as RequestFormValues['timeFlexibility'])
      : 'flexible',
    flexibleDates: request.flexibleDates,
    location: {
      address: request.locationAddress ?? '',
      latitude: request.latitude,
      longitude: request.longitude,
      area: request.areaLabel,
    },
    serviceAreaDistance: String(request.serviceAreaKm),
    description: request.description,
    budget: request.budgetMin ? String(Math.round(Number(request.budgetMin))) : '',
    isUrgent: request.isUrgent,
  };
}

/** The API payload: min = max budget, time of day mapped to a stored time unless one was picked. */
export function toRequestInput(values: RequestFormValues, images: string[]): ServiceRequestInput {
  return {
    serviceType: values.serviceType.trim(),
    serviceSubtype: values.serviceSubtype || null,
    title: values.title.trim(),
    description: values.description.trim(),
    location: values.location.address.trim(),
    latitude: values.location.latitude,
    longitude: values.location.longitude,
    serviceAreaKm: Number(values.serviceAreaDistance) as ServiceRequestInput['serviceAreaKm'],
    budget: Number(values.budget),
    preferredDate: values.date || null,
    preferredTime: storedPreferredTime(values.timeOfDay, values.preferredTime || null),
    timeFlexibility: values.timeFlexibility,
    flexibleDates: values.flexibleDates,
    isUrgent: values.isUrgent,
    images,
  };
}
