// Enrollment upload figures for `npm run bench`: one 100 MB PDF streamed to the real server over loopback
// (throughput, and the server process's peak memory growth while it runs), against writing the same bytes to
// the same disk with no HTTP in between, measured in the same run. The server answers 201 only once the file is
// on the disk (fsync, platform/storage.ts), so the baseline writes the same way: a file flushed before close.
// The buffered write (page cache only, nothing on the disk yet) is reported beside it for reference.
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';

export const UPLOAD_BYTES = 104_857_600;
const CHUNK = Buffer.alloc(1024 * 1024, 0x20);

/** `size` bytes starting with a PDF signature, as 1 MiB chunks of one reused buffer. */
function* pdfBytes(size) {
  const head = Buffer.from('%PDF-1.7\n');
  yield head;
  let left = size - head.length;
  while (left > 0) {
    const take = Math.min(CHUNK.length, left);
    yield CHUNK.subarray(0, take);
    left -= take;
  }
}

/** Resident memory of a process in bytes (Linux /proc). */
function rssOf(pid) {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = Number(/VmRSS:\s+(\d+) kB/.exec(status)?.[1] ?? 0);
  return kb * 1024;
}

function upload(base, token) {
  const boundary = `----bench${randomBytes(8).toString('hex')}`;
  function* body() {
    yield Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="radio1"\r\n\r\nnewapp\r\n`);
    yield Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="enrollment"; filename="bench.pdf"\r\n` +
        'Content-Type: application/pdf\r\n\r\n',
    );
    yield* pdfBytes(UPLOAD_BYTES);
    yield Buffer.from(`\r\n--${boundary}--\r\n`);
  }
  return new Promise((resolve, reject) => {
    const request = http.request(`${base}/arc/agent/enrollments`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': `multipart/form-data; boundary=${boundary}` },
    });
    request.on('response', (response) => {
      let text = '';
      response.setEncoding('utf8');
      response.on('data', (c) => (text += c));
      response.on('end', () => resolve({ status: response.statusCode, text }));
    });
    request.on('error', reject);
    Readable.from(body()).pipe(request);
  });
}

/**
 * @param {{ base: string, token: string, serverPid: number, dataDir: string }} options
 */
export async function measureEnrollmentUpload({ base, token, serverPid, dataDir }) {
  // baseline: the same bytes to the same disk, no HTTP — durable like the server's write, and buffered
  const target = path.join(dataDir, 'bench-disk-baseline.bin');
  let started = performance.now();
  await pipeline(Readable.from(pdfBytes(UPLOAD_BYTES)), fs.createWriteStream(target, { flush: true }));
  const diskMs = performance.now() - started;
  fs.rmSync(target, { force: true });
  started = performance.now();
  await pipeline(Readable.from(pdfBytes(UPLOAD_BYTES)), fs.createWriteStream(target));
  const bufferedMs = performance.now() - started;
  fs.rmSync(target, { force: true });

  const before = rssOf(serverPid);
  let peak = before;
  const sampler = setInterval(() => {
    peak = Math.max(peak, rssOf(serverPid));
  }, 10);
  started = performance.now();
  const answer = await upload(base, token);
  const uploadMs = performance.now() - started;
  clearInterval(sampler);
  peak = Math.max(peak, rssOf(serverPid));
  if (answer.status !== 201) throw new Error(`upload answered ${answer.status}: ${answer.text}`);

  const mbPerSec = (ms) => Math.round((UPLOAD_BYTES / 1024 / 1024 / (ms / 1000)) * 10) / 10;
  return {
    bytes: UPLOAD_BYTES,
    uploadMs: Math.round(uploadMs),
    uploadMBps: mbPerSec(uploadMs),
    diskWriteMs: Math.round(diskMs),
    diskWriteMBps: mbPerSec(diskMs),
    bufferedWriteMs: Math.round(bufferedMs),
    bufferedWriteMBps: mbPerSec(bufferedMs),
    throughputRatio: Math.round((diskMs / uploadMs) * 100) / 100,
    serverRssGrowthMB: Math.round(((peak - before) / 1024 / 1024) * 10) / 10,
  };
}
