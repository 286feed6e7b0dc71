import {
  AVATAR_MAX_BYTES,
  COMPLETION_PROOF_MAX_BYTES,
  COUNTER_OFFER_IMAGE_MAX_BYTES,
  RESPONSE_IMAGE_MAX_BYTES,
} from '@grip/domain';

/** What an image is uploaded for; the server keeps the same list and limits. */
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

/** Largest file per purpose, checked here first so nobody waits for an upload that will be refused. */
export const UPLOAD_MAX_BYTES: Record<UploadPurpose, number> = {
  avatar: AVATAR_MAX_BYTES,
  request_image: 10 * MB,
  response_image: RESPONSE_IMAGE_MAX_BYTES,
  counter_offer_image: COUNTER_OFFER_IMAGE_MAX_BYTES,
  completion_proof: COMPLETION_PROOF_MAX_BYTES,
  message_attachment: 10 * MB,
};

/** The types the server accepts (it checks the bytes; this only spares a pointless upload). */
const ACCEPTED_TYPES = new Set(['image/jpeg', 'image/png', 'image/gif', 'image/webp']);
const ACCEPTED_EXTENSIONS = /\.(jpe?g|png|gif|webp)$/i;

const megabytes = (bytes: number) => {
  const mb = bytes / MB;
  return Number.isInteger(mb) ? String(mb) : mb.toFixed(1);
};

/** Spec 2-customer §5 and §8 texts; the size in them follows the purpose's limit. */
export const UPLOAD_TEXTS = {
  invalidTypeTitle: 'Invalid file type',
  invalidTypeDescription: 'Please upload only image files.',
  tooLargeTitle: 'File too large',
  tooLargeDescription: (maxBytes: number) => `Please upload images smaller than ${megabytes(maxBytes)}MB.`,
  uploadedTitle: 'Images uploaded',
  uploadedDescription: (count: number) => `Successfully uploaded ${count} image(s).`,
  failedTitle: 'Upload failed',
  failedDescription: 'Failed to upload image. Please try again.',
  tooManyTitle: 'Too many images',
  tooManyDescription: (max: number) => `You can add up to ${max} ${max === 1 ? 'image' : 'images'}.`,
  /** The counter-offer hint of spec 2-customer §5, with the purpose's limit. */
  hint: (maxBytes: number) => `Max ${megabytes(maxBytes)}MB per image. JPG, PNG, GIF supported.`,
} as const;

export type ImageFileProblem = 'invalid_type' | 'too_large';

/**
 * Why a chosen file cannot be uploaded, or null. Some systems give no MIME type for a file; then the
 * name's extension decides, and the server's check of the bytes has the last word either way.
 */
export function imageFileProblem(file: File, purpose: UploadPurpose): ImageFileProblem | null {
  const isImage = file.type ? ACCEPTED_TYPES.has(file.type) : ACCEPTED_EXTENSIONS.test(file.name);
  if (!isImage) return 'invalid_type';
  if (file.size > UPLOAD_MAX_BYTES[purpose]) return 'too_large';
  return null;
}
