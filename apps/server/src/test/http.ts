import type { LightMyRequestResponse } from 'fastify';
import type { SignInTarget } from './sign-in.ts';

interface InjectLike {
  method?: string;
  url: string;
  headers?: Record<string, string>;
  payload?: string | object | Buffer;
  /** sent as X-Forwarded-For: the servers under test trust the loopback proxy (TRUST_PROXY) */
  remoteAddress?: string;
}

/**
 * A running server over real HTTP, shaped like `app.inject`, so the sign-in helpers (test/sign-in.ts) and any
 * inject-style test code drive real processes: redirects are not followed, `set-cookie` is a list.
 */
export function httpTarget(
  baseUrl: string,
  publicUrl: string,
  onCall: () => void = () => {},
): SignInTarget & { inject: HttpInject } {
  const inject: HttpInject = async (options) => {
    onCall();
    const headers: Record<string, string> = { ...options.headers };
    let body: string | Buffer | undefined;
    if (options.payload !== undefined) {
      if (typeof options.payload === 'string' || Buffer.isBuffer(options.payload)) body = options.payload;
      else {
        body = JSON.stringify(options.payload);
        headers['content-type'] ??= 'application/json';
      }
    }
    if (options.remoteAddress) headers['x-forwarded-for'] = options.remoteAddress;
    const response = await fetch(new URL(options.url, baseUrl), {
      method: options.method ?? 'GET',
      headers,
      ...(body === undefined ? {} : { body: new Uint8Array(body instanceof Buffer ? body : Buffer.from(body)) }),
      redirect: 'manual',
    });
    const text = await response.text();
    const responseHeaders: Record<string, string | string[]> = {};
    response.headers.forEach((value, name) => {
      responseHeaders[name] = value;
    });
    const cookies = response.headers.getSetCookie();
    if (cookies.length > 0) responseHeaders['set-cookie'] = cookies;
    return {
      statusCode: response.status,
      headers: responseHeaders,
      body: text,
      json: () => JSON.parse(text) as unknown,
    } as unknown as LightMyRequestResponse;
  };
  return { app: { inject } as unknown as SignInTarget['app'], config: { publicUrl }, inject };
}

export type HttpInject = (options: InjectLike) => Promise<LightMyRequestResponse>;
