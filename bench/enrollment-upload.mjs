// Enrollment upload figures for `npm run bench`: one 100 MB PDF streamed to the real server over loopback
// (throughput, and the server process's peak memory growth while it runs), against writing the same bytes to
// the same disk with no HTTP in between, measured in the same run. The server answers 201 only once the file is
// on the disk (fsync, platform/storage.ts), so the baseline writes the same way: a file flushed before close.
// The buffered write (page cache only, nothing on the disk yet) is reported beside it for reference, and so is
// the same upload to a bare Node HTTP server that reads the body and drops it (`bare-upload-server.mjs`, in its
// own process): the ceiling of loopback HTTP on this machine, with no parsing and no disk at all.
// Five rounds, each: durable write, buffered write, bare upload, real upload; the figures are medians (the
// first real upload, which also warms the route up, is reported apart), the ratio the median durable write over
// the median upload.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { fileURLToPath } from 'node:url';
import { sampleRss } from './lib.mjs';

export const UPLOAD_BYTES = 104_857_600;
const ROUNDS = 5;
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

/**
 * The upload as a browser sends a FormData: the mode, then the file, with a Content-Length (no chunked
 * encoding). The file's bytes go out in 1 MiB writes of one reused buffer.
 */
function upload(url, headers = {}) {
  const boundary = `----bench${randomBytes(8).toString('hex')}`;
  const fields =
    `--${boundary}\r\nContent-Disposition: form-data; name="radio1"\r\n\r\nnewapp\r\n` +
    `--${boundary}\r\nContent-Disposition: form-data; name="enrollment"; filename="bench.pdf"\r\n` +
    'Content-Type: application/pdf\r\n\r\n';
  const tail = `\r\n--${boundary}--\r\n`;
  function* body() {
    yield Buffer.from(fields);
    yield* pdfBytes(UPLOAD_BYTES);
    yield Buffer.from(tail);
  }
  return new Promise((resolve, reject) => {
    const request = http.request(url, {
      method: 'POST',
      headers: {
        ...headers,
        'content-type': `multipart/form-data; boundary=${boundary}`,
        'content-length': String(Buffer.byteLength(fields) + UPLOAD_BYTES + Buffer.byteLength(tail)),
      },
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

async function timed(run) {
  const started = performance.now();
  const value = await run();
  return { ms: performance.now() - started, value };
}

async function startBareUploadServer(port) {
  const child = spawn(
    process.execPath,
    [path.join(path.dirname(fileURLToPath(import.meta.url)), 'bare-upload-server.mjs')],
    { stdio: ['ignore', 'pipe', 'inherit'], env: { ...process.env, PORT: String(port) } },
  );
  await new Promise((resolve, reject) => {
    child.once('error', reject);
    child.stdout.once('data', resolve);
  });
  return {
    url: `http://127.0.0.1:${port}/`,
    stop: () =>
      new Promise((resolve) => {
        child.once('exit', resolve);
        child.kill('SIGTERM');
      }),
  };
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const mbPerSec = (ms) => Math.round((UPLOAD_BYTES / 1024 / 1024 / (ms / 1000)) * 10) / 10;

/**
 * @param {{ base: string, token: string, serverPid: number, dataDir: string, barePort: number }} options
 */
export async function measureEnrollmentUpload({ base, token, serverPid, dataDir, barePort }) {
  const target = path.join(dataDir, 'bench-disk-baseline.bin');
  const writeBaseline = async (options) => {
    const { ms } = await timed(() =>
      pipeline(Readable.from(pdfBytes(UPLOAD_BYTES)), fs.createWriteStream(target, options)),
    );
    fs.rmSync(target, { force: true });
    return ms;
  };
  const bare = await startBareUploadServer(barePort);
  const disk = [];
  const buffered = [];
  const loopback = [];
  const uploads = [];
  const growths = [];
  try {
    for (let round = 0; round < ROUNDS; round += 1) {
      // the baseline: the same bytes to the same disk, no HTTP — durable like the server's write, and buffered
      disk.push(await writeBaseline({ flush: true }));
      buffered.push(await writeBaseline({}));
      const drop = await timed(() => upload(bare.url));
      if (drop.value.status !== 200 || JSON.parse(drop.value.text).bytes < UPLOAD_BYTES) {
        throw new Error(`bare upload answered ${drop.value.status}: ${drop.value.text}`);
      }
      loopback.push(drop.ms);

      const sampler = sampleRss(serverPid);
      const real = await timed(() => upload(`${base}/arc/agent/enrollments`, { authorization: `Bearer ${token}` }));
      const { before, peak } = sampler.stop();
      growths.push(peak - before);
      if (real.value.status !== 201) throw new Error(`upload answered ${real.value.status}: ${real.value.text}`);
      uploads.push(real.ms);
    }
  } finally {
    await bare.stop();
  }

  const uploadMs = median(uploads);
  const diskMs = median(disk);
  const loopbackMs = median(loopback);
  return {
    bytes: UPLOAD_BYTES,
    rounds: ROUNDS,
    uploadMs: Math.round(uploadMs),
    uploadMBps: mbPerSec(uploadMs),
    firstUploadMs: Math.round(uploads[0]),
    uploadsMs: uploads.map(Math.round),
    diskWriteMs: Math.round(diskMs),
    diskWriteMBps: mbPerSec(diskMs),
    diskWritesMs: disk.map(Math.round),
    bufferedWriteMs: Math.round(median(buffered)),
    bufferedWriteMBps: mbPerSec(median(buffered)),
    loopbackDiscardMs: Math.round(loopbackMs),
    loopbackDiscardMBps: mbPerSec(loopbackMs),
    throughputRatio: Math.round((diskMs / uploadMs) * 100) / 100,
    loopbackCeilingRatio: Math.round((diskMs / loopbackMs) * 100) / 100,
    // each upload's peak over the server's RSS right before it; the worst of the rounds
    serverRssGrowthMB: Math.round((Math.max(...growths) / 1024 / 1024) * 10) / 10,
    serverRssGrowthsMB: growths.map((bytes) => Math.round((bytes / 1024 / 1024) * 10) / 10),
  };
}
