import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AnswerRecord, Attempt } from '@ensaya/core/contracts/engine';
import { findDialog, isDialogOpen } from '../../test/dialogs.ts';
import { demoUser, installFakeApi, type RecordedRequest } from '../../test/fake-api.ts';
import { renderApp } from '../../test/render-app.tsx';
import { pendingSubmitKey } from '../lib/offline-submit.ts';
import { pendingAnswersKey } from '../lib/save-queue.ts';
import { makeAttempt, result } from '../test/engine-fixtures.ts';

vi.mock('../../components/charts/echarts-runtime.ts', () => ({
  init: () => ({ setOption: () => undefined, resize: () => undefined, dispose: () => undefined }),
}));

// A test taken without a connection keeps its answers on the device and is sent when
// the connection returns.

const OFFLINE_NOTICE =
  'Sin conexión: tus respuestas quedan en este equipo y se enviarán al volver la conexión.';
const WAITING_TO_SEND =
  'Sin conexión: tu prueba se enviará apenas vuelva la conexión. Tus respuestas están guardadas en este equipo; no cierres esta página.';

/** The browser's connection: `navigator.onLine` and whether a request reaches the server. */
const network = { isOnline: true, reachesServer: true };

function goOnline() {
  network.isOnline = true;
  network.reachesServer = true;
  act(() => {
    window.dispatchEvent(new Event('online'));
  });
}

function goOffline() {
  network.isOnline = false;
  network.reachesServer = false;
  act(() => {
    window.dispatchEvent(new Event('offline'));
  });
}

beforeEach(() => {
  network.isOnline = true;
  network.reachesServer = true;
  vi.spyOn(navigator, 'onLine', 'get').mockImplementation(() => network.isOnline);
});

afterEach(() => {
  sessionStorage.clear();
  // React Query follows these events in a singleton the next test shares: leave it online.
  network.isOnline = true;
  window.dispatchEvent(new Event('online'));
});

type Handlers = Parameters<typeof installFakeApi>[0];

/** Without a connection `fetch` rejects, as a browser's does. */
const online =
  (handler: Handlers[string]): Handlers[string] =>
  (request) => {
    if (!network.reachesServer) throw new TypeError('Failed to fetch');
    return handler(request);
  };

function engineApi(attempt: Attempt, handlers: Handlers = {}) {
  const all: Handlers = {
    'GET /api/me': () => ({ status: 200, body: { data: demoUser } }),
    'GET /api/csrf-cookie': () => {
      document.cookie = 'XSRF-TOKEN=token-1; Path=/';
      return { status: 204 };
    },
    [`GET /api/user-tests/${attempt.id}`]: () => ({ status: 200, body: { data: attempt } }),
    [`POST /api/user-tests/${attempt.id}/stems`]: (request) => {
      const { stems } = request.body as { stems: AnswerRecord[] };
      return {
        status: 200,
        body: {
          data: {
            saved: stems.map((s) => ({ stem_id: s.stem_id, seq: s.seq, applied: true })),
            revealed: [],
          },
        },
      };
    },
    [`GET /api/user-tests/${attempt.id}/annotations`]: () => ({
      status: 200,
      body: { data: { strikes: [], highlights: [], seq: 0 } },
    }),
    [`PUT /api/user-tests/${attempt.id}/annotations`]: (request) => ({
      status: 200,
      body: { data: { seq: (request.body as { seq: number }).seq, applied: true } },
    }),
    [`POST /api/user-tests/${attempt.id}/submit`]: () => ({
      status: 200,
      body: { data: { ...result, type: 'custom', mode: 'practice', total: 3 } },
    }),
    ...handlers,
  };
  return installFakeApi(
    Object.fromEntries(Object.entries(all).map(([route, handler]) => [route, online(handler)])),
  );
}

const submits = (requests: RecordedRequest[]) =>
  requests.filter((r) => r.method === 'POST' && r.path.endsWith('/submit'));
const savedStems = (requests: RecordedRequest[]) =>
  requests
    .filter((r) => r.method === 'POST' && r.path.endsWith('/stems'))
    .flatMap((r) => (r.body as { stems: AnswerRecord[] }).stems);

/** A test begun already (a reload, or the clock running): the questions at once. */
function begunAttempt() {
  const now = Date.now();
  return makeAttempt(3, {
    server_now: new Date(now).toISOString(),
    begun_at: new Date(now - 60_000).toISOString(),
    deadline_at: new Date(now + 3_600_000).toISOString(),
  });
}

async function openTest() {
  const view = renderApp('/test?id=55');
  await screen.findByRole('heading', { name: 'Pregunta 1 de 3' }, { timeout: 10_000 });
  return view;
}

async function finish(user: Awaited<ReturnType<typeof openTest>>['user']) {
  await user.click(screen.getByRole('button', { name: 'Finalizar prueba' }));
  await user.click(
    within(await findDialog('Enviar prueba')).getByRole('button', { name: 'Enviar' }),
  );
}

describe('test player without a connection', () => {
  it('says so while the browser is offline, and not once it is back', async () => {
    engineApi(begunAttempt());
    network.isOnline = false;
    await openTest();
    expect(screen.getByText(OFFLINE_NOTICE)).toBeInTheDocument();
    expect(screen.getByText(OFFLINE_NOTICE).closest('[role="status"]')).not.toBeNull();

    goOnline();
    await waitFor(() => expect(screen.queryByText(OFFLINE_NOTICE)).not.toBeInTheDocument());
    goOffline();
    expect(await screen.findByText(OFFLINE_NOTICE)).toBeInTheDocument();
  });

  it('says so while answers cannot be saved, though the browser thinks it is online', async () => {
    const { requests } = engineApi(begunAttempt());
    const { user } = await openTest();
    expect(screen.queryByText(OFFLINE_NOTICE)).not.toBeInTheDocument();
    network.reachesServer = false;
    await user.click(screen.getByRole('radio', { name: /^A\) Alternativa 1A/ }));
    expect(await screen.findByText(OFFLINE_NOTICE)).toBeInTheDocument();

    // The save queue tries again (after a second) and the notice goes.
    network.reachesServer = true;
    await waitFor(() => expect(savedStems(requests)).toHaveLength(2), { timeout: 3000 });
    await waitFor(() => expect(screen.queryByText(OFFLINE_NOTICE)).not.toBeInTheDocument());
  });

  it('"Finalizar" offline waits on the device and sends the test when the connection returns', async () => {
    const { requests } = engineApi(begunAttempt());
    const { user, pathname } = await openTest();
    goOffline();
    await user.click(screen.getByRole('radio', { name: /^B\) Alternativa 1B/ }));
    await finish(user);

    expect(await screen.findByText(WAITING_TO_SEND)).toBeInTheDocument();
    expect(screen.queryByText(OFFLINE_NOTICE)).not.toBeInTheDocument();
    expect(isDialogOpen('Enviar prueba')).toBe(false);
    expect(localStorage.getItem(pendingSubmitKey(55))).not.toBeNull();
    expect(JSON.parse(localStorage.getItem(pendingAnswersKey(55))!)).toEqual([
      expect.objectContaining({ stem_id: 101, stem_choice_ids: [1012] }),
    ]);
    expect(pathname()).toBe('/test');
    // Nothing reached the server: the answer first, then the test.
    expect(submits(requests)).toHaveLength(0);

    goOnline();
    await screen.findByRole('heading', { name: 'Resultado' });
    expect(pathname()).toBe('/resultado');
    expect(submits(requests)).toHaveLength(1);
    // Sent by the student: no reason in the body.
    expect(submits(requests)[0]!.body).toBeUndefined();
    // The answer reached the server before the test was sent.
    const lastSave = requests.findLastIndex((r) => r.path.endsWith('/stems'));
    expect(requests[lastSave]!.body).toMatchObject({
      stems: [expect.objectContaining({ stem_id: 101, stem_choice_ids: [1012] })],
    });
    expect(lastSave).toBeLessThan(requests.indexOf(submits(requests)[0]!));
    expect(localStorage.getItem(pendingSubmitKey(55))).toBeNull();
    expect(localStorage.getItem(pendingAnswersKey(55))).toBeNull();
  });

  it('waits the same when the connection drops between the last save and the submit', async () => {
    const { requests } = engineApi(begunAttempt());
    const { user, pathname } = await openTest();
    await user.click(screen.getByRole('radio', { name: /^A\) Alternativa 1A/ }));
    await waitFor(() => expect(savedStems(requests)).toHaveLength(1));
    // The browser has not noticed yet: the submit fails as a network error.
    network.reachesServer = false;
    await finish(user);
    expect(await screen.findByText(WAITING_TO_SEND)).toBeInTheDocument();
    expect(localStorage.getItem(pendingSubmitKey(55))).not.toBeNull();

    // Tried again at once (the browser says it is online), in vain.
    const failed = submits(requests).length;
    expect(failed).toBeGreaterThanOrEqual(1);

    goOnline();
    await screen.findByRole('heading', { name: 'Resultado' });
    expect(pathname()).toBe('/resultado');
    expect(submits(requests).length).toBeGreaterThan(failed);
  });

  it('keeps waiting quietly when the connection comes back too weak to save the answers', async () => {
    const { requests } = engineApi(begunAttempt());
    const { user, pathname } = await openTest();
    goOffline();
    await user.click(screen.getByRole('radio', { name: /^B\) Alternativa 1B/ }));
    await finish(user);
    await screen.findByText(WAITING_TO_SEND);

    // The browser says it is back, but nothing reaches the server yet.
    network.isOnline = true;
    act(() => {
      window.dispatchEvent(new Event('online'));
    });
    await waitFor(() =>
      expect(requests.filter((r) => r.path.endsWith('/stems')).length).toBeGreaterThan(1),
    );
    // The error dialog, when it came, came within a few hundred milliseconds.
    await new Promise((resolve) => setTimeout(resolve, 1000));
    expect(screen.queryByText(/Algunas respuestas aún no llegan/)).not.toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByText(WAITING_TO_SEND)).toBeInTheDocument();
    expect(localStorage.getItem(pendingSubmitKey(55))).not.toBeNull();

    goOnline();
    await screen.findByRole('heading', { name: 'Resultado' });
    expect(pathname()).toBe('/resultado');
  });

  it('sends a test left waiting on a page that was reloaded', async () => {
    localStorage.setItem(pendingSubmitKey(55), new Date().toISOString());
    localStorage.setItem(
      pendingAnswersKey(55),
      JSON.stringify([{ stem_id: 102, stem_choice_ids: [1023], is_marked: false, seq: 7 }]),
    );
    network.isOnline = false;
    network.reachesServer = false;
    const { requests } = engineApi(begunAttempt());
    // The page came from the service worker; the attempt was in the browser's cache.
    network.reachesServer = true;
    const { pathname } = renderApp('/test?id=55');
    await screen.findByRole('heading', { name: 'Pregunta 1 de 3' }, { timeout: 10_000 });
    network.reachesServer = false;
    expect(screen.getByText(WAITING_TO_SEND)).toBeInTheDocument();
    expect(submits(requests)).toHaveLength(0);

    goOnline();
    await screen.findByRole('heading', { name: 'Resultado' });
    expect(pathname()).toBe('/resultado');
    expect(savedStems(requests)).toEqual([
      { stem_id: 102, stem_choice_ids: [1023], is_marked: false, seq: 7 },
    ]);
    expect(submits(requests)).toHaveLength(1);
    expect(localStorage.getItem(pendingSubmitKey(55))).toBeNull();
  });

  it('keeps trying every few seconds when the browser does not say it is back', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true, toFake: ['setInterval', 'clearInterval'] });
    const { requests } = engineApi(begunAttempt());
    const { user, pathname } = await openTest();
    goOffline();
    await finish(user);
    await screen.findByText(WAITING_TO_SEND);

    // Back, without an "online" event.
    network.isOnline = true;
    network.reachesServer = true;
    await act(() => vi.advanceTimersByTimeAsync(5100));
    await screen.findByRole('heading', { name: 'Resultado' });
    expect(pathname()).toBe('/resultado');
    expect(submits(requests).length).toBeGreaterThanOrEqual(1);
  });
});
