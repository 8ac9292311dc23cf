import { AVATAR_MAX_PIXELS, AVATAR_SIZE, PROFILE_MESSAGES } from '@arc/contract';
import type { Metadata } from 'sharp';
import { AppError } from '../../platform/errors.ts';

/** The formats an avatar may arrive in, known by their first bytes (never by the file name or declared type). */
const SIGNATURES: Array<{ format: string; test: (head: Buffer) => boolean }> = [
  { format: 'jpeg', test: (h) => h.length >= 3 && h[0] === 0xff && h[1] === 0xd8 && h[2] === 0xff },
  {
    format: 'png',
    test: (h) => h.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])),
  },
  { format: 'gif', test: (h) => ['GIF87a', 'GIF89a'].includes(h.subarray(0, 6).toString('latin1')) },
  {
    format: 'webp',
    test: (h) => h.subarray(0, 4).toString('latin1') === 'RIFF' && h.subarray(8, 12).toString('latin1') === 'WEBP',
  },
];

/** The raster format named by the file's first bytes, or null (SVG, HTML, PDF, anything else). */
export function sniffImageFormat(head: Buffer): string | null {
  return SIGNATURES.find((signature) => signature.test(head))?.format ?? null;
}

const notAnImage = (cause?: unknown) =>
  new AppError('UNSUPPORTED_MEDIA_TYPE', PROFILE_MESSAGES.notAnImage, cause ? { cause } : {});

/**
 * Checks that `input` really is a JPEG, PNG, GIF or WebP picture of at most AVATAR_MAX_PIXELS, and draws it
 * again as a fresh JPEG of at most AVATAR_SIZE × AVATAR_SIZE: turned upright by its EXIF orientation, flattened
 * on white, with no metadata kept. Only pixels survive, so whatever else the upload carried (a script after the
 * image data, EXIF with a location, a polyglot file) is never served back.
 */
export async function reencodeAvatar(input: Buffer): Promise<Buffer> {
  const format = sniffImageFormat(input);
  if (!format) throw notAnImage();
  // sharp (a native addon and its libvips) loads with the first avatar, not at every start
  const { default: sharp } = await import('sharp');
  const options = { limitInputPixels: AVATAR_MAX_PIXELS, failOn: 'error' as const, pages: 1 };
  let metadata: Metadata;
  try {
    // the header only (no pixel is decoded), read without the pixel limit so a huge picture gets its own answer
    metadata = await sharp(input, { ...options, limitInputPixels: false }).metadata();
  } catch (err) {
    throw notAnImage(err);
  }
  if (metadata.format !== format) throw notAnImage();
  if (!metadata.width || !metadata.height) throw notAnImage();
  if (metadata.width * metadata.height > AVATAR_MAX_PIXELS) {
    throw new AppError('PAYLOAD_TOO_LARGE', PROFILE_MESSAGES.avatarTooManyPixels);
  }
  try {
    return await sharp(input, options)
      .rotate()
      .resize(AVATAR_SIZE, AVATAR_SIZE, { fit: 'inside', withoutEnlargement: true })
      .flatten({ background: '#ffffff' })
      .jpeg({ quality: 85, mozjpeg: true })
      .toBuffer();
  } catch (err) {
    throw notAnImage(err);
  }
}
