import { DEFAULT_FORMAT_SETTINGS, formatSettingsProblem, type FormatSettings } from '@grip/domain';
import type { z } from 'zod';

/**
 * The platform's locale and currency (GRIP_LOCALE, GRIP_CURRENCY; decision 032): en-AU and AUD by
 * default. One that Intl cannot use stops the start with the reason, rather than printing prices
 * the operator did not mean on every screen and email.
 */
export function formatSettingsOf(
  env: { GRIP_LOCALE?: string; GRIP_CURRENCY?: string },
  ctx: z.RefinementCtx,
): FormatSettings {
  const settings: FormatSettings = {
    locale: env.GRIP_LOCALE ?? DEFAULT_FORMAT_SETTINGS.locale,
    currency: (env.GRIP_CURRENCY ?? DEFAULT_FORMAT_SETTINGS.currency).toUpperCase(),
  };
  const problem = formatSettingsProblem(settings);
  if (problem) {
    ctx.addIssue({
      code: 'custom',
      path: [/currency/.test(problem) ? 'GRIP_CURRENCY' : 'GRIP_LOCALE'],
      message: problem,
    });
  }
  return settings;
}
