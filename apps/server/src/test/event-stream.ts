/**
 * A Server-Sent Events client for tests over real HTTP (the notification stream, docs/decisions/notifications.md):
 * opens the stream with fetch and a bearer token, as the web app does, and hands out its events one at a time.
 */
export interface TestEventStream {
  status: number;
  headers: Headers;
  /** the body of an answer that is not a stream (an error) */
  body: string;
  /** the next event's parsed data; rejects after `timeoutMs`, or when the stream ended first */
  next<T = unknown>(timeoutMs?: number): Promise<{ event: string; data: T }>;
  /** true when no event arrives within `ms` (nothing is read past it) */
  isQuietFor(ms: number): Promise<boolean>;
  /** resolves when the server ended the stream */
  ended: Promise<void>;
  /** comment lines (heartbeats) seen so far */
  comments: number;
  close(): void;
}

export async function openEventStream(url: string, token: string | null): Promise<TestEventStream> {
  const abort = new AbortController();
  const response = await fetch(url, {
    headers: { accept: 'text/event-stream', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    signal: abort.signal,
  });
  const isStream = response.ok && response.headers.get('content-type')?.startsWith('text/event-stream');
  const queue: { event: string; data: unknown }[] = [];
  const waiters: (() => void)[] = [];
  const wake = () => waiters.splice(0).forEach((w) => w());
  let isEnded = !isStream;
  const stream: TestEventStream = {
    status: response.status,
    headers: response.headers,
    body: isStream ? '' : await response.text(),
    comments: 0,
    ended: Promise.resolve(),
    async next<T>(timeoutMs = 5000) {
      const deadline = Date.now() + timeoutMs;
      while (queue.length === 0) {
        if (isEnded) throw new Error('the stream ended before the next event');
        const left = deadline - Date.now();
        if (left <= 0) throw new Error(`no event within ${timeoutMs} ms`);
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, left);
          waiters.push(() => {
            clearTimeout(timer);
            resolve();
          });
        });
      }
      return queue.shift() as { event: string; data: T };
    },
    async isQuietFor(ms) {
      await new Promise((resolve) => setTimeout(resolve, ms));
      return queue.length === 0;
    },
    close: () => abort.abort(),
  };
  if (!isStream || !response.body) return stream;
  stream.ended = (async () => {
    let buffer = '';
    try {
      for await (const chunk of response.body!.pipeThrough(new TextDecoderStream())) {
        buffer += chunk;
        for (let end = buffer.indexOf('\n\n'); end >= 0; end = buffer.indexOf('\n\n')) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          if (block.startsWith(':')) stream.comments += 1;
          const event = /^event: (.*)$/m.exec(block)?.[1];
          const data = /^data: (.*)$/m.exec(block)?.[1];
          if (event && data !== undefined) queue.push({ event, data: JSON.parse(data) });
        }
        wake();
      }
    } catch {
      // aborted by close(), or the connection was cut
    } finally {
      isEnded = true;
      wake();
    }
  })();
  return stream;
}
