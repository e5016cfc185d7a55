import { screen, waitFor, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AnswerRecord, Attempt } from '@ensaya/core/contracts/engine';
import { applyReadingSettings } from '../../lib/reading-settings.ts';
import { findDialog } from '../../test/dialogs.ts';
import { demoUser, installFakeApi, type RecordedRequest } from '../../test/fake-api.ts';
import { renderApp } from '../../test/render-app.tsx';
import { makeAttempt, result } from '../test/engine-fixtures.ts';

// The whole test with the keyboard alone, announcements for screen readers, and
// the reading settings set from the runner.

vi.mock('../../components/charts/echarts-runtime.ts', () => ({
  init: () => ({ setOption: () => undefined, resize: () => undefined, dispose: () => undefined }),
}));

afterEach(() => {
  sessionStorage.clear();
  applyReadingSettings(null);
});

function engineApi(attempt: Attempt) {
  let settings = { text_size: 100, high_contrast: false, extra_time_percent: 50 };
  return installFakeApi({
    'GET /api/me': () => ({ status: 200, body: { data: demoUser } }),
    'GET /api/csrf-cookie': () => {
      document.cookie = 'XSRF-TOKEN=token-1; Path=/';
      return { status: 204 };
    },
    'GET /api/me/reading-settings': () => ({ status: 200, body: { data: settings } }),
    'PUT /api/me/reading-settings': (request) => {
      settings = { ...settings, ...(request.body as typeof settings) };
      return { status: 200, body: { data: settings } };
    },
    [`GET /api/user-tests/${attempt.id}`]: () => ({ status: 200, body: { data: attempt } }),
    [`POST /api/user-tests/${attempt.id}/begin`]: () => {
      const now = new Date().toISOString();
      return { status: 200, body: { data: { begun_at: now, deadline_at: null, server_now: now } } };
    },
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
    [`POST /api/user-tests/${attempt.id}/submit`]: () => ({
      status: 200,
      body: { data: { ...result, type: 'custom', mode: 'practice', total: 3 } },
    }),
  });
}

const savedStems = (requests: RecordedRequest[]) =>
  requests
    .filter((r) => r.method === 'POST' && r.path.endsWith('/stems'))
    .flatMap((r) => (r.body as { stems: AnswerRecord[] }).stems);

/** Presses Tab (or Shift+Tab) until `target` has the focus, as a keyboard user would. */
async function tabTo(user: UserEvent, target: () => HTMLElement, backwards = false) {
  for (let step = 0; step < 80; step += 1) {
    if (document.activeElement === target()) return;
    await user.tab({ shift: backwards });
  }
  throw new Error(`Tab never reached ${target().outerHTML.slice(0, 80)}`);
}

const palette = (n: number) =>
  screen.getByRole('button', { name: new RegExp(`^Ir a la pregunta ${n}: `) });

describe('the runner with the keyboard alone', () => {
  it('begins, answers, marks, moves, opens a question from the palette, and sends', async () => {
    const { requests } = engineApi(makeAttempt(3));
    const { user } = renderApp('/test?id=55');
    const instructions = await findDialog('Instrucciones');
    const start = within(instructions).getByRole('button', { name: 'Continuar' });
    // The dialog holds the focus; Tab reaches its button.
    await waitFor(() => expect(instructions.contains(document.activeElement)).toBe(true));
    await tabTo(user, () => start);
    await user.keyboard('{Enter}');
    await screen.findByRole('heading', { name: 'Pregunta 1 de 3' });

    // A letter chooses; the save is announced by a polite live region.
    await user.keyboard('b');
    expect(screen.getByRole('radio', { name: /^B\) Alternativa 1B/ })).toBeChecked();
    const saved = await screen.findByText('Guardado');
    expect(saved).toHaveAttribute('aria-live', 'polite');

    // M marks and unmarks, and each is said.
    await user.keyboard('m');
    const marked = await screen.findByText('Pregunta 1 marcada para revisar.');
    expect(marked).toHaveAttribute('role', 'status');
    expect(marked).toHaveAttribute('aria-live', 'polite');
    await user.keyboard('m');
    expect(marked).toHaveTextContent('Pregunta 1 sin marca de revisión.');
    await user.keyboard('m');
    expect(marked).toHaveTextContent('Pregunta 1 marcada para revisar.');

    // The arrow moves on. Tab reaches the choices; up and down move among them without
    // choosing, Space chooses.
    await user.keyboard('{ArrowRight}');
    expect(screen.getByRole('heading', { name: 'Pregunta 2 de 3' })).toBeInTheDocument();
    await tabTo(user, () => screen.getByRole('radio', { name: /^A\) Alternativa 2A/ }));
    await user.keyboard('{ArrowDown}{ArrowDown}');
    expect(screen.getByRole('radio', { name: /^C\) Alternativa 2C/ })).toHaveFocus();
    expect(screen.getByRole('radio', { name: /^C\) Alternativa 2C/ })).not.toBeChecked();
    await user.keyboard(' ');
    expect(screen.getByRole('radio', { name: /^C\) Alternativa 2C/ })).toBeChecked();

    // The palette's number opens its question and puts the focus on its heading.
    await tabTo(user, () => palette(3));
    await user.keyboard('{Enter}');
    expect(screen.getByRole('heading', { name: 'Pregunta 3 de 3' })).toHaveFocus();

    // Finishing: the button, then the confirmation dialog, both with the keyboard.
    await tabTo(user, () => screen.getByRole('button', { name: 'Finalizar prueba' }), true);
    await user.keyboard('{Enter}');
    const confirm = await findDialog('Enviar prueba');
    expect(
      within(confirm).getByText(/Respondidas: 2. Sin responder: 1. Marcadas: 1/),
    ).toBeInTheDocument();
    await tabTo(user, () => within(confirm).getByRole('button', { name: 'Enviar' }));
    await user.keyboard('{Enter}');
    await screen.findByRole('heading', { name: 'Resultado' });

    expect(savedStems(requests).map((r) => [r.stem_id, r.stem_choice_ids, r.is_marked])).toEqual([
      [101, [1012], false],
      [101, [1012], true],
      [101, [1012], false],
      [101, [1012], true],
      [102, [1023], false],
    ]);
    expect(requests.filter((r) => r.path.endsWith('/submit'))).toHaveLength(1);
  });

  it('sets the text size and high contrast from the runner, saved to the account', async () => {
    const { requests } = engineApi(makeAttempt(2, { begun_at: new Date().toISOString() }));
    const { user } = renderApp('/test?id=55');
    await screen.findByRole('heading', { name: 'Pregunta 1 de 2' });

    const toggle = screen.getByRole('button', { name: /Lectura/ });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await tabTo(user, () => toggle);
    await user.keyboard('{Enter}');
    expect(toggle).toHaveAttribute('aria-expanded', 'true');

    const sizes = await screen.findByRole('group', { name: 'Tamaño del texto' });
    const large = within(sizes).getByRole('button', { name: '150 %' });
    await waitFor(() => expect(large).toBeEnabled());
    expect(within(sizes).getByRole('button', { name: '100 %' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    await tabTo(user, () => large);
    await user.keyboard('{Enter}');
    expect(document.documentElement.dataset.textSize).toBe('150');
    await screen.findByText('Preferencias de lectura guardadas.');
    expect(large).toHaveAttribute('aria-pressed', 'true');

    await tabTo(user, () => screen.getByRole('switch', { name: 'Alto contraste' }));
    await user.keyboard(' ');
    await waitFor(() => expect(document.documentElement.dataset.contrast).toBe('high'));

    const puts = requests.filter((r) => r.method === 'PUT').map((r) => r.body);
    await waitFor(() =>
      expect(puts).toEqual([
        { text_size: 150, high_contrast: false },
        { text_size: 150, high_contrast: true },
      ]),
    );
    // Letters typed there did not answer the question.
    expect(savedStems(requests)).toEqual([]);
  });
});
