import { http, HttpResponse, type JsonBodyType } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { onNotice } from '../../../providers/notices';
import type { PortalNotice } from '../../../providers/types';

/** Shared test plumbing: one MSW server per test file, a recorder of requests, a collector of notices. */

export const API = 'http://api.test';

export interface Seen {
  method: string;
  url: URL;
  headers: Headers;
  /** Parsed JSON body, the raw text when not JSON, undefined when empty. */
  body: unknown;
}

export function envelope(data: unknown, errorCode = '0', errorMsg = '操作成功') {
  return { errorCode, errorMsg, data };
}

export function useMsw() {
  const server = setupServer();
  /** Every request that reached the network layer, handled or not. */
  const all: Request[] = [];
  const onStart = ({ request }: { request: Request }) => {
    all.push(request);
  };
  beforeAll(() => {
    server.listen({ onUnhandledRequest: 'error' });
    server.events.on('request:start', onStart);
  });
  afterEach(() => {
    server.resetHandlers();
    all.length = 0;
  });
  afterAll(() => server.close());

  /**
   * POST handler on `path` answering `reply` (an envelope's data, or a function making a Response).
   * Returns the list of requests it saw.
   */
  function on(
    path: string,
    reply: JsonBodyType | ((req: Request) => Response | Promise<Response>) = null,
    method: 'post' | 'get' = 'post',
  ): Seen[] {
    const seen: Seen[] = [];
    server.use(
      http[method](`${API}${path}`, async ({ request }) => {
        const text = await request.clone().text();
        let body: unknown = text === '' ? undefined : text;
        try {
          body = text === '' ? undefined : JSON.parse(text);
        } catch {
          // keep the raw text
        }
        seen.push({ method: request.method, url: new URL(request.url), headers: request.headers, body });
        return typeof reply === 'function' ? reply(request) : HttpResponse.json(envelope(reply));
      }),
    );
    return seen;
  }

  return { server, on, all };
}

/** Collects the notices emitted during a test. */
export function collectNotices(): PortalNotice[] {
  const notices: PortalNotice[] = [];
  let off: (() => void) | undefined;
  beforeAll(() => {
    off = onNotice((n) => notices.push(n));
  });
  afterEach(() => {
    notices.length = 0;
  });
  afterAll(() => off?.());
  return notices;
}
