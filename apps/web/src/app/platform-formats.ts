import { configureFormats, DEFAULT_FORMAT_SETTINGS, type FormatSettings } from '@grip/domain';
import type { QueryClient } from '@tanstack/react-query';
import { configQueryOptions } from '@/features/auth/api/get-config';

/**
 * The platform's locale and currency in the browser (decision 032): every amount and date the app
 * writes goes through the domain's formats, configured here once at start with what the server said.
 * A page the server drew carries them in its first-screen state; a page the browser draws (the
 * landing page, the offline shell) uses the ones this device last learnt, and learns them again from
 * /api/config after start — a change shows from the next screen drawn, never by reloading.
 */

const STORAGE_KEY = 'grip.formats';

function isFormatSettings(value: unknown): value is FormatSettings {
  const v = value as Partial<FormatSettings> | null;
  return (
    typeof v?.locale === 'string' && v.locale !== '' && typeof v.currency === 'string' && v.currency !== ''
  );
}

/** What this device last learnt, or null. */
export function storedFormats(storage: Pick<Storage, 'getItem'> | undefined): FormatSettings | null {
  try {
    const parsed: unknown = JSON.parse(storage?.getItem(STORAGE_KEY) ?? 'null');
    return isFormatSettings(parsed) ? { locale: parsed.locale, currency: parsed.currency } : null;
  } catch {
    return null;
  }
}

function remember(storage: Pick<Storage, 'setItem'> | undefined, settings: FormatSettings): void {
  try {
    storage?.setItem(STORAGE_KEY, JSON.stringify({ locale: settings.locale, currency: settings.currency }));
  } catch {
    // Private mode or a full quota: the server tells us again next time.
  }
}

function safeLocalStorage(): Storage | undefined {
  try {
    return window.localStorage;
  } catch {
    return undefined;
  }
}

/** After the page has loaded: learning the formats again never competes with the first screen's code. */
function afterLoad(run: () => void): void {
  if (document.readyState === 'complete') setTimeout(run, 0);
  else window.addEventListener('load', () => setTimeout(run, 0), { once: true });
}

/**
 * Configures the formats before the first render: the drawn page's, else this device's, else the
 * platform default (en-AU, AUD). Without a drawn page, asks the server's config once the page is up.
 */
export function startPlatformFormats(
  drawn: FormatSettings | undefined,
  queryClient: QueryClient,
  storage: Storage | undefined = safeLocalStorage(),
  later: (run: () => void) => void = afterLoad,
): Promise<void> {
  if (isFormatSettings(drawn)) {
    configureFormats(drawn);
    remember(storage, drawn);
    return Promise.resolve();
  }
  configureFormats(storedFormats(storage) ?? DEFAULT_FORMAT_SETTINGS);
  return new Promise<void>((resolve) => later(resolve))
    .then(() => queryClient.fetchQuery(configQueryOptions))
    .then((config) => {
      const learnt = { locale: config.locale, currency: config.currency };
      if (!isFormatSettings(learnt)) return;
      configureFormats(learnt);
      remember(storage, learnt);
    })
    .catch(() => {
      // Offline or a server without them: the formats already set stay.
    });
}
