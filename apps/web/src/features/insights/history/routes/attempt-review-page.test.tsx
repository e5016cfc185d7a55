import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { demoUser, installFakeApi } from '../../../../test/fake-api.ts';
import type { Attempt } from '@ensaya/core/contracts/engine';
import { formatTime } from '../../../../lib/format.ts';
import { renderApp } from '../../../../test/render-app.tsx';
import { result } from '../../../../engine-kit/test/engine-fixtures.ts';
import { sentAttempt } from '../test/history-fixtures.ts';

afterEach(() => sessionStorage.clear());

function reviewApi(attempt: Attempt = sentAttempt) {
  return installFakeApi({
    'GET /api/me': () => ({ status: 200, body: { data: demoUser } }),
    'GET /api/user-tests/90': () => ({ status: 200, body: { data: attempt } }),
  });
}

/** A scheduled ensayo's attempt sent while others still sit it: the server sends no key. */
const withheldUntil = '2026-03-05T01:02:00.000Z';
const withheldAttempt: Attempt = {
  ...sentAttempt,
  result: { ...result, user_test_id: 90, total: 2, correct: 1, key_withheld_until: withheldUntil },
  questions: sentAttempt.questions.map(
    ({ solution_html: _s, correct_choice_ids: _c, is_correct: _i, ...question }) => ({
      ...question,
      choices: question.choices.map(({ is_correct: _k, ...choice }) => choice),
    }),
  ),
};

describe('attempt review', () => {
  it('shows each question with the answers marked, the label, the explanation and the marks', async () => {
    reviewApi();
    const { user, pathname } = renderApp('/revisar?id=90');

    expect(await screen.findByRole('heading', { name: 'Pregunta 1 de 2' })).toBeVisible();
    expect(
      screen.getByText('Examen teórico clase B, enviada el 04/03/2026: 1 de 2 correctas.'),
    ).toBeInTheDocument();
    const question = screen.getByRole('article');
    expect(within(question).getByText('Incorrecta')).toBeInTheDocument();
    expect(within(question).getByText('Artículo 145.')).toBeInTheDocument();
    expect(
      within(question).getByText('¿A qué velocidad máxima se circula en zona urbana?'),
    ).toBeVisible();
    const choices = within(question).getAllByRole('listitem');
    expect(within(choices[0]!).getByText('Respuesta correcta')).toBeInTheDocument();
    expect(within(choices[1]!).getByText('Tu respuesta: incorrecta')).toBeInTheDocument();

    // The context hides, the explanation shows on demand.
    await user.click(within(question).getByRole('button', { name: 'Ocultar contexto' }));
    expect(within(question).queryByText('Artículo 145.')).not.toBeInTheDocument();
    expect(within(question).queryByText('El límite urbano es 50 km/h.')).not.toBeInTheDocument();
    await user.click(within(question).getByRole('button', { name: 'Ver explicación' }));
    expect(within(question).getByText('El límite urbano es 50 km/h.')).toBeVisible();

    // The question palette says which question is marked and which answered.
    expect(
      screen.getByRole('button', { name: /^Ir a la pregunta 1: .* y marcada$/ }),
    ).toBeVisible();
    expect(
      screen.getByRole('button', { name: 'Ir a la pregunta 2: respondida' }),
    ).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Siguiente' }));
    const second = await screen.findByRole('article', { name: 'Pregunta 2 de 2' });
    expect(within(second).getByText('Correcta')).toBeInTheDocument();
    expect(within(second).getByText('Tu respuesta: correcta')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Siguiente' })).toBeDisabled();

    // A mock exam goes back to the mock exam history.
    await user.click(screen.getByRole('button', { name: 'Finalizar revisión' }));
    expect(pathname()).toBe('/historico/ensayo');
  });

  it('shows only the student’s answers while the keys are withheld, and says until when', async () => {
    reviewApi(withheldAttempt);
    renderApp('/revisar?id=90');

    expect(await screen.findByRole('heading', { name: 'Pregunta 1 de 2' })).toBeVisible();
    expect(
      screen.getByText(
        `Las respuestas correctas se mostrarán cuando todos terminen el ensayo (${formatTime(withheldUntil)}).`,
      ),
    ).toBeInTheDocument();
    // The counts come from the result.
    expect(
      screen.getByText('Examen teórico clase B, enviada el 04/03/2026: 1 de 2 correctas.'),
    ).toBeInTheDocument();
    const question = screen.getByRole('article');
    expect(within(question).queryByText('Incorrecta')).not.toBeInTheDocument();
    expect(within(question).queryByText('Correcta')).not.toBeInTheDocument();
    expect(within(question).queryByText('Respuesta correcta')).not.toBeInTheDocument();
    expect(within(question).queryByRole('button', { name: 'Ver explicación' })).toBeNull();
    const choices = within(question).getAllByRole('listitem');
    expect(within(choices[1]!).getByText('Tu respuesta')).toBeInTheDocument();
    expect(within(choices[0]!).queryByText('Tu respuesta')).not.toBeInTheDocument();
  });
});
