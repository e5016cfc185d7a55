import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { installFakeApi } from '../test/fake-api.ts';
import { apiRequest, api, ApiRequestError, showApiError } from './api-client.ts';
import { registerAppHandlers } from './app-bridge.ts';
import { setLanguage } from './i18n.ts';

function setCookie(name: string, value: string) {
  document.cookie = `${name}=${value}; Path=/`;
}

describe('api client', () => {
  const navigate = vi.fn<(path: string) => void>();
  const showErrorDialog = vi.fn<(title: string, content: string) => void>();
  const showErrorNotice = vi.fn<(content: string) => void>();
  const onSessionEnded = vi.fn<() => void>();
  let unregister: () => void;

  beforeEach(() => {
    unregister = registerAppHandlers({
      navigate,
      showErrorDialog,
      showErrorNotice,
      onSessionEnded,
    });
  });

  afterEach(() => {
    unregister();
    vi.clearAllMocks();
  });

  it('fetches the CSRF cookie when it is absent and sends it, decoded, on a POST', async () => {
    const { requests } = installFakeApi({
      'GET /api/csrf-cookie': () => {
        setCookie('XSRF-TOKEN', encodeURIComponent('tok/en+1=='));
        return { status: 204 };
      },
      'POST /api/login': () => ({ status: 200, body: { data: { id: 1 } } }),
    });

    await api.post('/api/login', { email: 'a@b.cl', password: 'x' });

    expect(requests.map((r) => `${r.method} ${r.path}`)).toEqual([
      'GET /api/csrf-cookie',
      'POST /api/login',
    ]);
    const post = requests[1];
    expect(post?.headers.get('X-XSRF-TOKEN')).toBe('tok/en+1==');
    expect(post?.headers.get('Content-Type')).toBe('application/json');
    expect(post?.headers.get('Accept')).toBe('application/json');
    expect(post?.credentials).toBe('include');
    expect(post?.body).toEqual({ email: 'a@b.cl', password: 'x' });
  });

  it('reuses an existing CSRF cookie and sends none on a GET', async () => {
    setCookie('XSRF-TOKEN', 'present');
    const { requests } = installFakeApi({
      'GET /api/me': () => ({ status: 200, body: { data: { id: 1 } } }),
      'PATCH /api/me': () => ({ status: 200, body: { data: { id: 1 } } }),
    });

    await api.get('/api/me');
    await api.patch('/api/me', { name: 'Camila' });

    expect(requests.map((r) => `${r.method} ${r.path}`)).toEqual(['GET /api/me', 'PATCH /api/me']);
    expect(requests[0]?.headers.has('X-XSRF-TOKEN')).toBe(false);
    expect(requests[1]?.headers.get('X-XSRF-TOKEN')).toBe('present');
  });

  it('sends the current interface language in X-Localization', async () => {
    const { requests } = installFakeApi({
      'GET /api/packages': () => ({ status: 200, body: { data: [] } }),
    });

    await api.get('/api/packages');
    setLanguage('en');
    await api.get('/api/packages');

    expect(requests.map((r) => r.headers.get('X-Localization'))).toEqual(['es', 'en']);
  });

  it('returns the parsed body, and nothing for 204', async () => {
    installFakeApi({
      'GET /api/packages': () => ({ status: 200, body: { data: [{ id: 7 }] } }),
      'POST /api/logout': () => ({ status: 204 }),
    });
    setCookie('XSRF-TOKEN', 't');

    await expect(api.get('/api/packages')).resolves.toEqual({ data: [{ id: 7 }] });
    await expect(api.post('/api/logout')).resolves.toBeUndefined();
  });

  it('throws a typed error with the message and field errors of a 422', async () => {
    setCookie('XSRF-TOKEN', 't');
    installFakeApi({
      'POST /api/register': () => ({
        status: 422,
        body: {
          message: 'Por favor completa los campos requeridos.',
          errors: { email: ['¡Formato inválido!'] },
        },
      }),
    });

    const error = await apiRequest('/api/register', { method: 'POST', body: {} }).catch(
      (e: unknown) => e,
    );

    expect(error).toBeInstanceOf(ApiRequestError);
    const requestError = error as ApiRequestError;
    expect(requestError.status).toBe(422);
    expect(requestError.message).toBe('Por favor completa los campos requeridos.');
    expect(requestError.fieldError('email')).toBe('¡Formato inválido!');
    expect(requestError.handled).toBe(false);
    expect(showErrorDialog).not.toHaveBeenCalled();
    expect(navigate).not.toHaveBeenCalled();
  });

  it('keeps the rest of the error body, such as the user id of an unverified login (403)', async () => {
    setCookie('XSRF-TOKEN', 't');
    installFakeApi({
      'POST /api/login': () => ({
        status: 403,
        body: {
          message: 'Verifica tu correo.',
          errors: { verify: ['Verifica tu correo.'] },
          user_id: 42,
        },
      }),
    });

    const error = (await api.post('/api/login', {}).catch((e: unknown) => e)) as ApiRequestError;

    expect(error.status).toBe(403);
    expect(error.fieldError('verify')).toBe('Verifica tu correo.');
    expect(error.bodyField('user_id')).toBe(42);
    expect(error.bodyField('missing')).toBeUndefined();
    expect(showErrorDialog).not.toHaveBeenCalled();
  });

  it('falls back to a localized message when the error body is not the API shape', async () => {
    installFakeApi({
      'GET /api/packages': () => new Response('<html>Bad gateway</html>', { status: 502 }),
    });

    await expect(api.get('/api/packages')).rejects.toMatchObject({
      status: 502,
      message: 'Algo salió mal. Inténtalo de nuevo.',
    });
  });

  it('on 401 shows an "Error" dialog with the message, clears stored auth and goes to /login', async () => {
    localStorage.setItem('isAuthenticated', 'true');
    localStorage.setItem('username', 'Camila');
    localStorage.setItem('lang', 'es');
    installFakeApi({
      'GET /api/user-tests': () => ({ status: 401, body: { message: 'No autenticado.' } }),
    });

    const error = await api.get('/api/user-tests').catch((e: unknown) => e);

    expect(error).toMatchObject({ status: 401, handled: true });
    expect(showErrorDialog).toHaveBeenCalledWith('Error', 'No autenticado.');
    expect(navigate).toHaveBeenCalledWith('/login');
    expect(onSessionEnded).toHaveBeenCalled();
    expect(localStorage.getItem('isAuthenticated')).toBeNull();
    expect(localStorage.getItem('username')).toBeNull();
    expect(localStorage.getItem('lang')).toBe('es');
  });

  it('lets a caller handle a 401 itself', async () => {
    installFakeApi({
      'GET /api/me': () => ({ status: 401, body: { message: 'No autenticado.' } }),
    });

    await expect(api.get('/api/me', { handledByCaller: [401] })).rejects.toMatchObject({
      status: 401,
      handled: false,
    });
    expect(showErrorDialog).not.toHaveBeenCalled();
    expect(navigate).not.toHaveBeenCalled();
  });

  it('on 419 shows the localized session-expired message and goes to /login', async () => {
    setCookie('XSRF-TOKEN', 'stale');
    setLanguage('en');
    installFakeApi({
      'POST /api/addresses': () => ({ status: 419, body: { message: 'CSRF token mismatch.' } }),
    });

    await expect(api.post('/api/addresses', {})).rejects.toMatchObject({ status: 419 });

    expect(showErrorDialog).toHaveBeenCalledWith(
      'Error',
      'Your session has expired or the page is out of date. Please log in again.',
    );
    expect(navigate).toHaveBeenCalledWith('/login');
    // The stale token is dropped so that the next mutation asks for a fresh one.
    expect(document.cookie).not.toContain('XSRF-TOKEN');
  });

  it("on 429 tells the user 'Too many attempts.' in their language", async () => {
    setCookie('XSRF-TOKEN', 't');
    installFakeApi({
      'POST /api/forgot-password': () => ({ status: 429, body: { message: 'Rate limit' } }),
    });

    await expect(api.post('/api/forgot-password', {})).rejects.toMatchObject({
      status: 429,
      message: 'Demasiados intentos.',
    });
    expect(showErrorNotice).toHaveBeenCalledWith('Demasiados intentos.');
    expect(navigate).not.toHaveBeenCalled();
  });

  it('reports an unreachable server as status 0 with a localized message', async () => {
    vi.stubGlobal('fetch', vi.fn().mockRejectedValue(new TypeError('Failed to fetch')));

    await expect(api.get('/api/me')).rejects.toMatchObject({
      status: 0,
      message: 'No pudimos conectarnos con Ensaya. Revisa tu conexión e inténtalo de nuevo.',
    });
  });

  it('showApiError shows the server message once, and not again for errors already handled', () => {
    const fresh = new ApiRequestError(500, 'Algo salió mal de nuestro lado.');
    const handled = new ApiRequestError(401, 'No autenticado.');
    handled.handled = true;

    showApiError(fresh);
    showApiError(handled);

    expect(showErrorDialog).toHaveBeenCalledTimes(1);
    expect(showErrorDialog).toHaveBeenCalledWith('Error', 'Algo salió mal de nuestro lado.');
  });
});
