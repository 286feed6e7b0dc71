import { isCommonPassword } from '@grip/domain';
import { dictionary } from '@zxcvbn-ts/language-common';

/**
 * The 10,000 most common passwords of zxcvbn's breach-derived list, plus the domain's short list
 * (which the browser checks too). Refusing more would start to refuse reasonable passphrases.
 */
const COMMON = new Set((dictionary['passwords-common'] as string[]).slice(0, 10_000));

export function isRefusedPassword(password: string): boolean {
  return isCommonPassword(password) || COMMON.has(password.toLowerCase());
}
