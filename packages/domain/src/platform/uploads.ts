import {
  AVATAR_MAX_BYTES,
  COMPLETION_PROOF_MAX_BYTES,
  COUNTER_OFFER_IMAGE_MAX_BYTES,
  RESPONSE_IMAGE_MAX_BYTES,
} from '../shared/constants';

/** What an image is uploaded for; each use has its own size limit. */
export const UPLOAD_PURPOSES = [
  'avatar',
  'request_image',
  'response_image',
  'counter_offer_image',
  'completion_proof',
  'message_attachment',
] as const;
export type UploadPurpose = (typeof UPLOAD_PURPOSES)[number];

const MB = 1024 * 1024;

/**
 * The size limit per use (ARCHITECTURE "Uploads"). A file must be smaller than its limit, as the
 * spec's texts say ('Please upload images smaller than 5MB.'): one of exactly the limit is refused —
 * check with isOverUploadLimit, never by comparing against these numbers. The spec names avatar, response, counter
 * offer and completion proof limits; request photos and message attachments get the proof's 10 MB
 * because phone photos of a job are the same kind of picture.
 */
export const UPLOAD_MAX_BYTES: Record<UploadPurpose, number> = {
  avatar: AVATAR_MAX_BYTES,
  request_image: COMPLETION_PROOF_MAX_BYTES,
  response_image: RESPONSE_IMAGE_MAX_BYTES,
  counter_offer_image: COUNTER_OFFER_IMAGE_MAX_BYTES,
  completion_proof: COMPLETION_PROOF_MAX_BYTES,
  message_attachment: COMPLETION_PROOF_MAX_BYTES,
};

/**
 * Whether a file of `bytes` is too large for a limit: at or over it (spec 2-customer §5 "smaller than
 * 5 MB"). The web's check before uploading and the server's check of the bytes both use this.
 */
export function isOverUploadLimit(bytes: number, maxBytes: number): boolean {
  return bytes >= maxBytes;
}

/** A size limit in the spec's words: 5242880 -> '5'. */
export function formatMegabytes(bytes: number): string {
  const mb = bytes / MB;
  return Number.isInteger(mb) ? String(mb) : mb.toFixed(1);
}

/** Spec 2-customer §5: 'Please upload images smaller than 5MB.', with the purpose's number. */
export function imageTooLargeMessage(maxBytes: number): string {
  return `Please upload images smaller than ${formatMegabytes(maxBytes)}MB.`;
}

/** Spec 2-customer §5, for any file that is not an image. */
export const IMAGE_WRONG_TYPE_MESSAGE = 'Please upload only image files.';
