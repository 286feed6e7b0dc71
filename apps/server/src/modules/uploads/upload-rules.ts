import { imageTooLargeMessage, IMAGE_WRONG_TYPE_MESSAGE } from '@grip/domain';
import { AppError } from '../../lib/errors';

/**
 * Decoding cost grows with pixels, not bytes: a small file can claim 100 000 x 100 000 pixels
 * (a decompression bomb). 40 megapixels is above any phone camera and bounds memory per upload.
 */
export const MAX_IMAGE_PIXELS = 40_000_000;

export const UPLOAD_MESSAGES = {
  wrongType: IMAGE_WRONG_TYPE_MESSAGE,
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

/** 413: the file is bigger than its purpose allows. */
export class ImageTooLarge extends AppError {
  constructor(maxBytes: number) {
    super(413, 'payload_too_large', imageTooLargeMessage(maxBytes));
  }
}

/** 415: the bytes are not one of the accepted image types, whatever the name or MIME type said. */
export class NotAnImage extends AppError {
  constructor(message: string = UPLOAD_MESSAGES.wrongType) {
    super(415, 'unsupported_media_type', message);
  }
}
