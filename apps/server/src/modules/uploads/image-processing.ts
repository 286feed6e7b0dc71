import sharp, { type Metadata, type Sharp } from 'sharp';
import { Invalid } from '../../lib/errors';
import { MAX_IMAGE_PIXELS, NotAnImage, UPLOAD_MESSAGES } from './upload-rules';

export type ImageFormat = 'jpeg' | 'png' | 'gif' | 'webp';

const FORMATS: Record<ImageFormat, { extension: string; contentType: string }> = {
  jpeg: { extension: 'jpg', contentType: 'image/jpeg' },
  png: { extension: 'png', contentType: 'image/png' },
  gif: { extension: 'gif', contentType: 'image/gif' },
  webp: { extension: 'webp', contentType: 'image/webp' },
};

/** Content types by stored extension; 'jpeg' is accepted too because the URL pattern allows it. */
const CONTENT_TYPES: Record<string, string> = {
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  png: 'image/png',
  gif: 'image/gif',
  webp: 'image/webp',
};

/** The content type a stored file is served with, from the extension the server gave it. */
export function contentTypeOfExtension(extension: string): string | null {
  return Object.hasOwn(CONTENT_TYPES, extension) ? (CONTENT_TYPES[extension] ?? null) : null;
}

const startsWith = (bytes: Buffer, signature: number[] | string, offset = 0) => {
  const expected = typeof signature === 'string' ? Buffer.from(signature, 'latin1') : Buffer.from(signature);
  return (
    bytes.length >= offset + expected.length &&
    bytes.subarray(offset, offset + expected.length).equals(expected)
  );
};

/**
 * The type the bytes declare by their magic numbers. Only these four are handed to the decoder at
 * all, so SVG (scripts), TIFF, PDF, HEIF and the rest never reach a parser.
 */
export function sniffImageFormat(bytes: Buffer): ImageFormat | null {
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return 'jpeg';
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'png';
  if (startsWith(bytes, 'GIF87a') || startsWith(bytes, 'GIF89a')) return 'gif';
  if (startsWith(bytes, 'RIFF') && startsWith(bytes, 'WEBP', 8)) return 'webp';
  return null;
}

export interface ProcessedImage {
  data: Buffer;
  format: ImageFormat;
  extension: string;
  contentType: string;
  /** Of the stored image, after EXIF orientation; of one frame for an animation. */
  width: number;
  height: number;
}

/**
 * Decodes and re-encodes an untrusted image in its own format: orientation from EXIF is applied,
 * then every piece of metadata (EXIF with GPS, XMP, comments, profiles) and any bytes after the
 * image are dropped, because only decoded pixels are written out. Animated GIF and WebP stay
 * animated. Throws NotAnImage (415) or Invalid (400) with the user-facing reason.
 */
export async function reencodeImage(input: Buffer): Promise<ProcessedImage> {
  if (input.length === 0) throw new Invalid(UPLOAD_MESSAGES.corrupt);
  const format = sniffImageFormat(input);
  if (!format) throw new NotAnImage();

  // animated: all frames, so the pixel count below covers the whole animation.
  const options = { animated: true, failOn: 'warning', limitInputPixels: MAX_IMAGE_PIXELS } as const;
  // The header is read without the pixel limit, only to tell "too big" apart from "broken".
  let header: Metadata;
  try {
    header = await sharp(input, { ...options, limitInputPixels: false }).metadata();
  } catch {
    throw new Invalid(UPLOAD_MESSAGES.corrupt);
  }
  if (header.format !== format || !header.width || !header.height) {
    throw new Invalid(UPLOAD_MESSAGES.corrupt);
  }
  if (header.width * header.height > MAX_IMAGE_PIXELS) throw new Invalid(UPLOAD_MESSAGES.tooManyPixels);

  try {
    const { data, info } = await withEncoderSlot(() =>
      encoderFor(sharp(input, options).autoOrient(), format).toBuffer({ resolveWithObject: true }),
    );
    return {
      data,
      format,
      ...FORMATS[format],
      width: info.width,
      height: info.pageHeight ?? info.height,
    };
  } catch {
    // Truncated or corrupt pixel data surfaces only while decoding.
    throw new Invalid(UPLOAD_MESSAGES.corrupt);
  }
}

function encoderFor(pipeline: Sharp, format: ImageFormat): Sharp {
  switch (format) {
    case 'jpeg':
      return pipeline.jpeg({ quality: 85 });
    case 'png':
      return pipeline.png();
    case 'gif':
      return pipeline.gif();
    case 'webp':
      return pipeline.webp({ quality: 85 });
  }
}

/**
 * A decoded 40-megapixel image takes about 160 MB; letting every upload decode at once could exhaust
 * a small server's memory, so at most two run together and the rest wait their turn.
 */
const MAX_CONCURRENT_ENCODES = 2;
let running = 0;
const waiting: (() => void)[] = [];

async function withEncoderSlot<T>(work: () => Promise<T>): Promise<T> {
  if (running >= MAX_CONCURRENT_ENCODES) await new Promise<void>((resolve) => waiting.push(resolve));
  else running += 1;
  try {
    return await work();
  } finally {
    const next = waiting.shift();
    // The slot passes straight to the next waiter, so `running` stays counted for it.
    if (next) next();
    else running -= 1;
  }
}
