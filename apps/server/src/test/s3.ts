import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';

export interface S3TestServer {
  /** the environment that points the app at this server's bucket */
  env: Record<string, string>;
  endpoint: string;
  bucket: string;
  /** keys stored in the bucket, read from s3rver's directory (independent of the code under test) */
  storedKeys(): string[];
  /** parts of unfinished multipart uploads that have reached the bucket (s3rver's directory) */
  uploadedParts(): number;
  close(): Promise<void>;
}

/** A real S3-protocol server (s3rver) on a random loopback port, with one empty bucket. */
export async function startS3Server(bucket = 'arc-test'): Promise<S3TestServer> {
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), 'arc-s3-'));
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory,
    configureBuckets: [{ name: bucket, configs: [] }],
  });
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  return {
    endpoint,
    bucket,
    env: {
      S3_BUCKET: bucket,
      S3_ENDPOINT: endpoint,
      S3_REGION: 'us-east-1',
      // s3rver's fixed credentials
      S3_ACCESS_KEY_ID: 'S3RVER',
      S3_SECRET_ACCESS_KEY: 'S3RVER',
      S3_FORCE_PATH_STYLE: 'true',
    },
    storedKeys() {
      const root = path.join(directory, bucket);
      return fs
        .readdirSync(root, { recursive: true, encoding: 'utf8' })
        .filter((entry) => entry.endsWith('._S3rver_object'))
        .map((entry) => entry.replace(/\._S3rver_object$/, ''))
        .sort();
    },
    uploadedParts() {
      // s3rver keeps each unfinished upload's parts as ._S3rver_uploads/<upload id>/<part number>
      const uploads = path.join(directory, bucket, '._S3rver_uploads');
      if (!fs.existsSync(uploads)) return 0;
      return fs.readdirSync(uploads, { recursive: true, encoding: 'utf8' }).filter((entry) => /[/\\]\d+$/.test(entry))
        .length;
    },
    async close() {
      await server.close();
      fs.rmSync(directory, { recursive: true, force: true });
    },
  };
}
