import { vi } from 'vitest';
import { SIGNED_IN_COOKIE } from '@ensaya/core/api/http';

/** A request the app sent, as the fake API saw it. */
export interface RecordedRequest {
  method: string;
  path: string;
  /** The query string, with its '?', or ''. */
  search: string;
  headers: Headers;
  body: unknown;
  credentials: RequestCredentials | undefined;
}

type Reply = { status: number; body?: unknown } | Response;
type Handler = (request: RecordedRequest) => Reply | Promise<Reply>;

export const demoUser = {
  id: 1,
  name: 'Camila',
  last_name: 'Rojas',
  email: 'estudiante@ensaya.cl',
  phone: '56912345678',
  tax_id: '12.345.678-5',
  avatar: null,
  permissions: [],
  role: 'student' as 'student' | 'admin',
  language: 'es',
  timezone: 'America/Santiago',
  email_verified_at: '2026-01-10T12:00:00.000Z',
  country_id: 152,
  address: null,
  pending_email: null as string | null,
};

/**
 * Replaces `fetch` with handlers keyed by "METHOD /path". Unknown routes answer 404 in the API's
 * error shape, so a test sees a request it did not expect instead of hanging.
 */
export function installFakeApi(handlers: Record<string, Handler>) {
  const requests: RecordedRequest[] = [];
  // A test that answers `GET /api/me` plays a browser that may be signed in (the server's hint
  // cookie), so the app asks; a 401 then clears it as in a real browser.
  if (handlers['GET /api/me']) document.cookie = `${SIGNED_IN_COOKIE}=1; path=/`;

  const fetchMock = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = new URL(String(input), window.location.origin);
    const rawBody = init.body;
    const request: RecordedRequest = {
      method: (init.method ?? 'GET').toUpperCase(),
      path: url.pathname,
      search: url.search,
      headers: new Headers(init.headers),
      body: typeof rawBody === 'string' ? (JSON.parse(rawBody) as unknown) : rawBody,
      credentials: init.credentials,
    };
    requests.push(request);
    const handler = handlers[`${request.method} ${request.path}`];
    const reply: Reply = handler
      ? await handler(request)
      : { status: 404, body: { message: `No fake for ${request.method} ${request.path}` } };
    if (reply instanceof Response) return reply;
    if (reply.body === undefined) return new Response(null, { status: reply.status });
    return new Response(JSON.stringify(reply.body), {
      status: reply.status,
      headers: { 'Content-Type': 'application/json' },
    });
  });

  vi.stubGlobal('fetch', fetchMock);
  return { requests, fetchMock };
}

/** `GET /api/me` answering as a logged-in student or as nobody. */
export function meHandler(isLoggedIn: () => boolean): Handler {
  return () =>
    isLoggedIn()
      ? { status: 200, body: { data: demoUser } }
      : { status: 401, body: { message: 'No autenticado.' } };
}
