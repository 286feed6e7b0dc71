import {
  formatMegabytes,
  IMAGE_WRONG_TYPE_MESSAGE,
  imageTooLargeMessage,
  isOverUploadLimit,
  UPLOAD_MAX_BYTES,
  type UploadPurpose,
} from '@grip/domain';

export { UPLOAD_MAX_BYTES, UPLOAD_PURPOSES, type UploadPurpose } from '@grip/domain';

/** The types the server accepts (it checks the bytes; this only spares a pointless upload). */
const ACCEPTED_TYPES = new Set(['image/jpeg', 'image/png', 'image/gif', 'image/webp']);
const ACCEPTED_EXTENSIONS = /\.(jpe?g|png|gif|webp)$/i;

/** Spec 2-customer §5 and §8 texts; the size in them follows the purpose's limit. */
export const UPLOAD_TEXTS = {
  invalidTypeTitle: 'Invalid file type',
  invalidTypeDescription: IMAGE_WRONG_TYPE_MESSAGE,
  tooLargeTitle: 'File too large',
  tooLargeDescription: imageTooLargeMessage,
  uploadedTitle: 'Images uploaded',
  uploadedDescription: (count: number) => `Successfully uploaded ${count} image(s).`,
  failedTitle: 'Upload failed',
  failedDescription: 'Failed to upload image. Please try again.',
  tooManyTitle: 'Too many images',
  tooManyDescription: (max: number) => `You can add up to ${max} ${max === 1 ? 'image' : 'images'}.`,
  /** The counter-offer hint of spec 2-customer §5, with the purpose's limit. */
  hint: (maxBytes: number) => `Max ${formatMegabytes(maxBytes)}MB per image. JPG, PNG, GIF supported.`,
} as const;

export type ImageFileProblem = 'invalid_type' | 'too_large';

/**
 * Why a chosen file cannot be uploaded, or null. An image must be smaller than its purpose's limit
 * (exactly the limit is refused, as on the server). Some systems give no MIME type for a file; then the
 * name's extension decides, and the server's check of the bytes has the last word either way.
 */
export function imageFileProblem(file: File, purpose: UploadPurpose): ImageFileProblem | null {
  const isImage = file.type ? ACCEPTED_TYPES.has(file.type) : ACCEPTED_EXTENSIONS.test(file.name);
  if (!isImage) return 'invalid_type';
  if (isOverUploadLimit(file.size, UPLOAD_MAX_BYTES[purpose])) return 'too_large';
  return null;
}
