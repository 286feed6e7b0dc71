import {
  AVATAR_MAX_BYTES,
  COMPLETION_PROOF_MAX_BYTES,
  COUNTER_OFFER_IMAGE_MAX_BYTES,
  RESPONSE_IMAGE_MAX_BYTES,
} from '@grip/domain';
import type { UPLOAD_PURPOSES } from '../../db/schema';
import { AppError } from '../../lib/errors';

export type UploadPurpose = (typeof UPLOAD_PURPOSES)[number];

const MB = 1024 * 1024;

/**
 * Largest file accepted per use (ARCHITECTURE "Uploads"). The spec names avatar, response, counter
 * offer and completion proof limits; request photos and message attachments get the proof's 10 MB
 * because phone photos of a job are the same kind of picture.
 */
export const UPLOAD_MAX_BYTES: Record<UploadPurpose, number> = {
  avatar: AVATAR_MAX_BYTES,
  request_image: 10 * MB,
  response_image: RESPONSE_IMAGE_MAX_BYTES,
  counter_offer_image: COUNTER_OFFER_IMAGE_MAX_BYTES,
  completion_proof: COMPLETION_PROOF_MAX_BYTES,
  message_attachment: 10 * MB,
};

/**
 * Decoding cost grows with pixels, not bytes: a small file can claim 100 000 x 100 000 pixels
 * (a decompression bomb). 40 megapixels is above any phone camera and bounds memory per upload.
 */
export const MAX_IMAGE_PIXELS = 40_000_000;

export const UPLOAD_MESSAGES = {
  /** Spec 2-customer §5 (counter offer images). */
  wrongType: 'Please upload only image files.',
  corrupt: 'The image could not be read. Please try another file.',
  tooManyPixels: `Please upload images smaller than ${MAX_IMAGE_PIXELS / 1_000_000} megapixels.`,
  noFile: 'Please choose an image to upload.',
  oneFileOnly: 'Please upload one image at a time.',
  incomplete: 'The upload was incomplete. Please try again.',
  notMultipart: 'Send the image as a multipart/form-data upload in a field named "file".',
  unknownPurpose: 'That upload purpose is not known.',
  rateLimited: 'Too many uploads. Please wait a minute and try again.',
  notFound: 'Image not found.',
} as const;

/** Spec 2-customer §5: 'Please upload images smaller than 5MB.', with the number of the purpose. */
export function tooLargeMessage(maxBytes: number): string {
  return `Please upload images smaller than ${formatMegabytes(maxBytes)}MB.`;
}

function formatMegabytes(bytes: number): string {
  const mb = bytes / MB;
  return Number.isInteger(mb) ? String(mb) : mb.toFixed(1);
}

/** 413: the file is bigger than its purpose allows. */
export class ImageTooLarge extends AppError {
  constructor(maxBytes: number) {
    super(413, 'payload_too_large', tooLargeMessage(maxBytes));
  }
}

/** 415: the bytes are not one of the accepted image types, whatever the name or MIME type said. */
export class NotAnImage extends AppError {
  constructor(message: string = UPLOAD_MESSAGES.wrongType) {
    super(415, 'unsupported_media_type', message);
  }
}
