import { hyphenatedToTitleWords } from '../catalogue/matching';
import { SERVICE_CATALOGUE } from '../catalogue/service-catalogue';

/** The request form's time choices (spec 2 §5). */
export const TIMES_OF_DAY = ['morning', 'afternoon', 'evening', 'flexible'] as const;
export type TimeOfDay = (typeof TIMES_OF_DAY)[number];

export const TIME_OF_DAY_LABELS: Record<TimeOfDay, string> = {
  morning: 'Morning',
  afternoon: 'Afternoon',
  evening: 'Evening',
  flexible: 'Flexible',
};

/** General time ranges map to a stored time; 'flexible' stores none. */
export const TIME_OF_DAY_TIMES: Record<TimeOfDay, string | null> = {
  morning: '10:00:00',
  afternoon: '14:00:00',
  evening: '18:00:00',
  flexible: null,
};

export const TIME_FLEXIBILITY_LABELS = {
  exact: 'This exact time',
  within_2_hours: 'Within 2 hours',
  within_4_hours: 'Within 4 hours',
  flexible: 'Flexible',
} as const;

/** Specific times are offered hourly from 00:00 to 23:00. */
export const HOURLY_TIMES: readonly string[] = Array.from(
  { length: 24 },
  (_, h) => `${String(h).padStart(2, '0')}:00`,
);

/** The time stored with a request: an explicit preferred time overrides the time of day. */
export function storedPreferredTime(
  timeOfDay: TimeOfDay | null | undefined,
  explicitTime: string | null | undefined,
): string | null {
  if (explicitTime && /^\d{2}:\d{2}/.test(explicitTime)) {
    return explicitTime.length === 5 ? `${explicitTime}:00` : explicitTime;
  }
  return timeOfDay ? TIME_OF_DAY_TIMES[timeOfDay] : null;
}

/** Reads a stored time back into the form: a mapped time is its time of day, any other is explicit. */
export function formTimeOf(stored: string | null | undefined): {
  timeOfDay: TimeOfDay;
  preferredTime: string | null;
} {
  if (!stored) return { timeOfDay: 'flexible', preferredTime: null };
  const normal = stored.length === 5 ? `${stored}:00` : stored.slice(0, 8);
  const match = TIMES_OF_DAY.find((t) => TIME_OF_DAY_TIMES[t] === normal);
  return match
    ? { timeOfDay: match, preferredTime: null }
    : { timeOfDay: 'flexible', preferredTime: normal.slice(0, 5) };
}

/** A service name as a request's subtype: 'Pool Maintenance' -> 'pool-maintenance'. */
export function serviceSlug(serviceName: string): string {
  return serviceName
    .trim()
    .toLowerCase()
    .replace(/&/g, 'and')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

/** The services of a category group, or none when the type is not a known group. */
export function servicesOf(category: string): readonly string[] {
  const wanted = category.trim().toLowerCase();
  return SERVICE_CATALOGUE.find((g) => g.category.toLowerCase() === wanted)?.services ?? [];
}

/** The service as the catalogue names it ('pool-maintenance' -> 'Pool Maintenance'), for display. */
export function serviceSubtypeLabel(serviceType: string, subtype: string | null | undefined): string | null {
  if (!subtype) return null;
  return servicesOf(serviceType).find((s) => serviceSlug(s) === subtype) ?? hyphenatedToTitleWords(subtype);
}

/** 'Home & Property Services · Pool Maintenance', or the type alone. */
export function serviceLabel(serviceType: string, subtype: string | null | undefined): string {
  const sub = serviceSubtypeLabel(serviceType, subtype);
  return sub ? `${serviceType} · ${sub}` : serviceType;
}

/**
 * Resolves the home's service={name} parameter: a category group selects that type; a service name
 * (case-insensitive, also in slug form such as 'pet-care') selects its group and the service.
 */
export function resolveServiceParam(
  value: string | null | undefined,
): { serviceType: string; serviceSubtype: string | null } | null {
  const wanted = value?.trim().toLowerCase();
  if (!wanted) return null;
  for (const group of SERVICE_CATALOGUE) {
    if (group.category.toLowerCase() === wanted) return { serviceType: group.category, serviceSubtype: null };
  }
  for (const group of SERVICE_CATALOGUE) {
    const service = group.services.find((s) => s.toLowerCase() === wanted || serviceSlug(s) === wanted);
    if (service) return { serviceType: group.category, serviceSubtype: serviceSlug(service) };
  }
  return null;
}

/** Today's date (YYYY-MM-DD) in the viewer's local calendar: the earliest preferred date allowed. */
export function localIsoDate(now: Date): string {
  const y = now.getFullYear();
  const m = String(now.getMonth() + 1).padStart(2, '0');
  const d = String(now.getDate()).padStart(2, '0');
  return `${y}-${m}-${d}`;
}
