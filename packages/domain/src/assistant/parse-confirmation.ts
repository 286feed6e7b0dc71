import { normalizeForMatching } from './keywords';

/** Answer parsers of the confirm step: a yes sends the request, a no drops it. */

const CONFIRMATIONS = new Set([
  'y',
  'yes',
  'yeah',
  'yea',
  'yep',
  'yup',
  'sure',
  'ok',
  'okay',
  'k',
  'confirm',
  'confirmed',
  'send',
  'send it',
  'send it now',
  'send now',
  'send it please',
  'please send',
  'please send it',
  'go ahead',
  'go for it',
  'do it',
  'yes please',
  'sounds good',
  'looks good',
  'perfect',
  'correct',
  'thats right',
  'submit',
  'submit it',
  'lets do it',
  'absolutely',
  'definitely',
  'of course',
  'great',
]);
const CONFIRMATION_STARTS = [
  'yes ',
  'yeah ',
  'yep ',
  'yup ',
  'ok ',
  'okay ',
  'sure ',
  'send it ',
  'please send ',
];
const HESITATIONS = /\b(no|not|dont|do not|wait|cancel|but|hold|stop|change|later)\b/;

/** 'yes', 'send it' and close variants; anything hesitant ('yes but…', "don't send") is not a yes. */
export function isConfirmation(text: string): boolean {
  const normalized = normalizeForMatching(text).trim();
  if (!normalized || HESITATIONS.test(normalized)) return false;
  if (CONFIRMATIONS.has(normalized)) return true;
  return CONFIRMATION_STARTS.some((start) => normalized.startsWith(start));
}

const DECLINES = new Set([
  'n',
  'no',
  'nope',
  'nah',
  'cancel',
  'stop',
  'start over',
  'start again',
  'restart',
  'dont send',
  'dont send it',
  'do not send',
  'not now',
  'not yet',
  'never mind',
  'nevermind',
  'no thanks',
  'no thank you',
  'forget it',
]);

/** 'no', 'cancel', 'start over' and close variants: drop the request without sending it. */
export function isDecline(text: string): boolean {
  const normalized = normalizeForMatching(text).trim();
  if (DECLINES.has(normalized)) return true;
  return /^(cancel|start over|start again|dont send|do not send|forget it)\b/.test(normalized);
}
