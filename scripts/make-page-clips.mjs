/* global document, MediaRecorder -- record() runs in the page */
// `node scripts/make-page-clips.mjs [id …]`: makes the information pages' demo clips
// (apps/server/src/seed/page-video-catalogue.ts) as small WebM files under apps/server/src/seed/assets/training/pages.
// No encoder is needed: headless Chromium draws each card's title and topic on a canvas and records it with
// MediaRecorder (VP9, else VP8), and checks the clip's header has its duration (a player shows its length).
// Needs Chromium at /usr/bin/chromium (or CHROMIUM=path).
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from '@playwright/test';
import { PAGE_VIDEOS } from '../apps/server/src/seed/page-video-catalogue.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const OUT = path.join(root, 'apps/server/src/seed/assets/training/pages');
const SECONDS = 4;
const COLORS = { GREEN365: '#1b6b3a', MyHealthPlan: '#1d4f91', SunFire: '#b4461b' };

const wanted = process.argv.slice(2);
const videos = wanted.length ? PAGE_VIDEOS.filter((video) => wanted.includes(video.id)) : PAGE_VIDEOS;
if (wanted.length && videos.length !== wanted.length) {
  console.error(`unknown id; the ids are: ${PAGE_VIDEOS.map((video) => video.id).join(', ')}`);
  process.exit(1);
}

/** Runs in the page: draws the card for SECONDS on a canvas while MediaRecorder records it. */
async function record({ video, color, seconds }) {
  const canvas = document.createElement('canvas');
  canvas.width = 640;
  canvas.height = 360;
  document.body.append(canvas);
  const ctx = canvas.getContext('2d');

  const wrap = (text, width) => {
    const lines = [];
    let line = '';
    for (const word of text.split(' ')) {
      const next = line ? `${line} ${word}` : word;
      if (ctx.measureText(next).width > width && line) {
        lines.push(line);
        line = word;
      } else line = next;
    }
    return [...lines, line];
  };

  const started = performance.now();
  const draw = () => {
    const progress = Math.min(1, (performance.now() - started) / (seconds * 1000));
    ctx.fillStyle = color;
    ctx.fillRect(0, 0, 640, 360);
    ctx.fillStyle = 'rgba(255,255,255,0.8)';
    ctx.font = '600 18px sans-serif';
    ctx.fillText(video.page, 40, 52);
    ctx.fillStyle = '#ffffff';
    ctx.font = 'bold 30px sans-serif';
    let y = 100;
    for (const line of wrap(video.title, 560)) {
      ctx.fillText(line, 40, y);
      y += 38;
    }
    ctx.font = '20px sans-serif';
    y += 14;
    for (const line of video.lines) {
      ctx.fillText(`•  ${line}`, 40, y);
      y += 30;
    }
    ctx.fillStyle = 'rgba(255,255,255,0.3)';
    ctx.fillRect(40, 320, 560, 6);
    ctx.fillStyle = '#ffffff';
    ctx.fillRect(40, 320, 560 * progress, 6);
  };
  draw();

  const mimeType = ['video/webm;codecs=vp9', 'video/webm;codecs=vp8'].find((type) =>
    MediaRecorder.isTypeSupported(type),
  );
  const recorder = new MediaRecorder(canvas.captureStream(15), { mimeType, videoBitsPerSecond: 50_000 });
  const chunks = [];
  recorder.ondataavailable = (event) => chunks.push(event.data);
  const stopped = new Promise((resolve) => (recorder.onstop = resolve));
  const timer = setInterval(draw, 1000 / 15);
  recorder.start();
  await new Promise((resolve) => setTimeout(resolve, seconds * 1000));
  recorder.stop();
  await stopped;
  clearInterval(timer);
  const bytes = new Uint8Array(await new Blob(chunks, { type: 'video/webm' }).arrayBuffer());
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return { base64: btoa(binary), mimeType };
}

/** An EBML variable-length integer at `at`: its length in bytes and its value (the marker bit removed). */
function readVint(buf, at) {
  const first = buf[at];
  let length = 1;
  while (length <= 8 && !(first & (0x80 >> (length - 1)))) length += 1;
  let value = first & (0xff >> length);
  for (let i = 1; i < length; i += 1) value = value * 256 + buf[at + i];
  return { length, value };
}

/**
 * Whether the Segment's Info has a Duration: Chromium's MediaRecorder writes one (with a seek head and cues) when
 * the recording stops; a clip without it would show no length in a player.
 */
function hasDuration(buf) {
  if (buf.readUInt32BE(0) !== 0x1a45dfa3) return false;
  const headerSize = readVint(buf, 4);
  const segmentAt = 4 + headerSize.length + headerSize.value;
  if (buf.readUInt32BE(segmentAt) !== 0x18538067) return false;
  let at = segmentAt + 4 + readVint(buf, segmentAt + 4).length;
  while (at + 4 < buf.length) {
    const id = buf.readUInt32BE(at);
    const idLength = readVint(buf, at).length;
    const size = readVint(buf, at + idLength);
    const bodyAt = at + idLength + size.length;
    if (id === 0x1549a966) return buf.subarray(bodyAt, bodyAt + size.value).includes(Buffer.from([0x44, 0x89]));
    at = bodyAt + size.value;
  }
  return false;
}

fs.mkdirSync(OUT, { recursive: true });
const browser = await chromium.launch({ executablePath: process.env.CHROMIUM ?? '/usr/bin/chromium' });
try {
  const page = await browser.newPage();
  await page.setContent('<!doctype html><body style="margin:0"></body>');
  for (const video of videos) {
    const { base64, mimeType } = await page.evaluate(record, {
      video,
      color: COLORS[video.page],
      seconds: SECONDS,
    });
    const file = path.join(OUT, `${video.id}.webm`);
    const clip = Buffer.from(base64, 'base64');
    if (!hasDuration(clip)) throw new Error(`${video.id}: the recording has no duration (a Chromium too old?)`);
    fs.writeFileSync(file, clip);
    console.log(`${path.relative(root, file)}: ${fs.statSync(file).size} bytes, ${mimeType}`);
  }
} finally {
  await browser.close();
}
