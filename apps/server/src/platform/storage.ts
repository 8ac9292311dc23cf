import type { Readable } from 'node:stream';
/** Placeholder: replaced by the local-disk / S3 storage. */
export interface Storage {
  put(key: string, body: Readable, options?: { contentType?: string }): Promise<{ size: number }>;
  get(key: string): Promise<Readable>;
  delete(key: string): Promise<void>;
}
import type { Config } from '../config.ts';
export function createStorage(_config: Config): Storage {
  return {} as Storage;
}
