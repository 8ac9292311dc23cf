/**
 * Where thumbnails uploaded in the back office are stored, and their public address
 * (docs/decisions/information-pages.md).
 */
export const THUMB_PREFIX = 'training/thumbnails/';
export const THUMBNAIL_PATH = '/arc/training/thumbnails/';

/** The stored key of an uploaded thumbnail by its public name, or null for a name that is not one. */
export const thumbnailKey = (name: string) => (/^[a-z0-9-]{1,160}\.jpg$/.test(name) ? `${THUMB_PREFIX}${name}` : null);
