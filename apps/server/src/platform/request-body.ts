import type { IncomingMessage } from 'node:http';
import net from 'node:net';
import type { FastifyReply } from 'fastify';

/**
 * Request-body chunks the server may free as soon as it has used them (docs/decisions/files.md).
 *
 * Node's HTTP parser hands every body chunk (up to 64 KiB) to JavaScript as a Buffer of its own: memory outside
 * V8's heap that only a garbage collection frees. A 100 MB upload makes 1,600 of them; their total crossing V8's
 * external-memory limit starts a full collection of the whole heap, once or twice per upload, and until one runs
 * the process holds them all (RSS). A chunk that has been written to the disk is not needed any more: detaching
 * its ArrayBuffer frees the memory at once, and V8's external-memory count falls with it.
 *
 * Only a chunk known to be nobody else's may be freed: a whole Buffer that Node's HTTP parser made for this
 * request (`markBodyChunks`). Chunks of any other stream — a test's reused buffer, Node's pooled small Buffers, a
 * parser's look-behind buffer, a slice of a larger buffer — are never marked, and `releaseChunk` leaves them to
 * the garbage collector.
 */
const releasable = new WeakSet<ArrayBufferLike>();

/** A chunk that is the whole of its ArrayBuffer (not a slice of a larger or shared one). */
const isWhole = (chunk: Uint8Array) => chunk.byteOffset === 0 && chunk.byteLength === chunk.buffer.byteLength;

/**
 * Marks the body chunks of `raw` as freeable once used: each chunk Node's HTTP parser pushes into the request
 * stream is noted on its way in. Nothing else changes: no listener is added, the stream flows (or waits) for
 * its consumer as before. A request that did not come through Node's HTTP parser on a real socket
 * (`app.inject`) is left alone.
 */
export function markBodyChunks(raw: IncomingMessage): void {
  if (!(raw.socket instanceof net.Socket)) return;
  const push = raw.push;
  raw.push = function pushMarked(chunk: unknown, encoding?: BufferEncoding) {
    if (chunk instanceof Uint8Array && chunk.byteLength > 0 && isWhole(chunk)) releasable.add(chunk.buffer);
    return push.call(this, chunk, encoding);
  };
}

/**
 * Frees the memory of `chunk` now if it is a marked body chunk, whole; afterwards every view of it is empty.
 * Call it only once nothing will read the chunk again (its write has completed). Anything else is left as is.
 */
export function releaseChunk(chunk: Uint8Array): void {
  const { buffer } = chunk;
  if (!isWhole(chunk) || !releasable.delete(buffer) || !(buffer instanceof ArrayBuffer)) return;
  try {
    buffer.transfer(0);
  } catch {
    // not detachable (never the case for the parser's Buffers): the garbage collector frees it as before
  }
}

/** How long a refused upload may go on sending the rest of its body before the connection is cut. */
const DISCARD_TIMEOUT_MS = 15_000;

/**
 * An upload refused early (not a PDF, too large, a bad mode) still has the rest of its body on the wire, and
 * the multipart parser has stopped reading it: a paused socket never notices the client going away either.
 * Read and drop the rest, so the client gets to read the answer, then close the connection — or cut it when
 * the rest takes too long.
 */
export function discardRestOfBody(raw: IncomingMessage, reply: FastifyReply): void {
  if (raw.complete) return;
  reply.header('connection', 'close');
  const timer = setTimeout(() => raw.destroy(), DISCARD_TIMEOUT_MS);
  timer.unref();
  const done = () => clearTimeout(timer);
  raw.once('end', done);
  raw.once('close', done);
  raw.resume();
}
