import { Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import { AppError } from './errors.ts';
import { assertKey } from './storage-key.ts';
import type { Storage } from './storage.ts';

export interface S3StorageOptions {
  bucket: string;
  region: string | undefined;
  endpoint: string | undefined;
  accessKeyId: string | undefined;
  secretAccessKey: string | undefined;
  forcePathStyle: boolean;
}

/** Multipart part size: S3's minimum. With two parts in flight an upload holds about 10 MiB, whatever its size. */
const PART_SIZE = 5 * 1024 * 1024;

const isNotFound = (err: unknown) =>
  err instanceof S3ServiceException &&
  (err.name === 'NoSuchKey' || err.name === 'NotFound' || err.$metadata.httpStatusCode === 404);

/**
 * S3 or any S3-compatible store (MinIO, Ceph, R2, s3rver). Uploads stream through `@aws-sdk/lib-storage`
 * (one PutObject for a small file, a multipart upload in 5 MiB parts for a large one); a source that fails
 * aborts the upload, so nothing is stored under the key. Downloads are the GetObject body, streamed.
 */
export function createS3Storage(options: S3StorageOptions): Storage {
  const client = new S3Client({
    region: options.region ?? 'us-east-1',
    ...(options.endpoint ? { endpoint: options.endpoint } : {}),
    forcePathStyle: options.forcePathStyle,
    ...(options.accessKeyId && options.secretAccessKey
      ? { credentials: { accessKeyId: options.accessKeyId, secretAccessKey: options.secretAccessKey } }
      : {}),
    // The SDK's default sends streamed bodies `aws-chunked` with a trailing checksum, which several
    // S3-compatible servers store as data (design §7): checksums only where the operation requires one.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
  const Bucket = options.bucket;

  return {
    async put(key, body) {
      assertKey(key);
      let size = 0;
      const counted = new Transform({
        transform(chunk: Buffer, _encoding, callback) {
          size += chunk.length;
          callback(null, chunk);
        },
      });
      const upload = new Upload({
        client,
        params: { Bucket, Key: key, Body: counted },
        partSize: PART_SIZE,
        queueSize: 2,
        leavePartsOnError: false,
      });
      // Whichever side fails first stops the other: a failing source aborts the upload (lib-storage then
      // aborts the multipart upload, or never sends the single PutObject), so a cut upload stores nothing; a
      // refusing store ends the source, which nothing reads any more.
      let sourceError: unknown;
      let storeError: unknown;
      const feeding = pipeline(body, counted).catch((err: unknown) => {
        if (storeError !== undefined) return;
        sourceError = err;
        void upload.abort().catch(() => {});
      });
      const storing = upload.done().catch((err: unknown) => {
        if (sourceError !== undefined) return;
        storeError = err;
        counted.destroy(err instanceof Error ? err : new Error(String(err)));
      });
      await Promise.all([feeding, storing]);
      if (sourceError !== undefined) throw sourceError;
      if (storeError !== undefined) throw storeError;
      return { size };
    },

    async get(key, range) {
      assertKey(key);
      try {
        const answer = await client.send(
          new GetObjectCommand({ Bucket, Key: key, ...(range ? { Range: `bytes=${range.start}-${range.end}` } : {}) }),
        );
        if (!(answer.Body instanceof Readable)) throw new Error('S3 answered a body that is not a Node stream');
        return answer.Body;
      } catch (err) {
        if (isNotFound(err)) throw new AppError('NOT_FOUND', 'File not found');
        throw err;
      }
    },

    async stat(key) {
      assertKey(key);
      try {
        const head = await client.send(new HeadObjectCommand({ Bucket, Key: key }));
        return { size: head.ContentLength ?? 0 };
      } catch (err) {
        if (isNotFound(err)) return null;
        throw err;
      }
    },

    async delete(key) {
      assertKey(key);
      await client.send(new DeleteObjectCommand({ Bucket, Key: key }));
    },

    async *keys() {
      let ContinuationToken: string | undefined;
      do {
        const page = await client.send(new ListObjectsV2Command({ Bucket, ContinuationToken }));
        for (const object of page.Contents ?? []) if (object.Key) yield object.Key;
        ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (ContinuationToken);
    },
  };
}
