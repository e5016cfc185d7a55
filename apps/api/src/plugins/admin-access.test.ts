import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, TestClient, type TestApp } from '../test/build-test-app.ts';
import { createStudent, TEST_PASSWORD } from '../test/factories.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

/** Every `/api/admin` route the app registered, from its OpenAPI document. */
function adminRoutes() {
  const paths = (t.app as unknown as { swagger(): { paths: Record<string, object> } }).swagger()
    .paths;
  return Object.entries(paths)
    .filter(([path]) => path.startsWith('/api/admin'))
    .flatMap(([path, operations]) =>
      Object.keys(operations).map((method) => ({
        method: method.toUpperCase(),
        url: path.replace('{id}', '1').replace('{key}', 'feedback_builder'),
      })),
    );
}

describe('the back office API', () => {
  it('has the routes of the contract', () => {
    const routes = adminRoutes().map((route) => `${route.method} ${route.url}`);
    expect(routes.length).toBeGreaterThanOrEqual(45);
    for (const expected of [
      'GET /api/admin/questions',
      'POST /api/admin/questions/preview',
      'PUT /api/admin/periods/1/themes',
      'PUT /api/admin/subjects/1/grades',
      'POST /api/admin/import/preview',
      'POST /api/admin/import',
      'GET /api/admin/subjects/1/export',
      'PUT /api/admin/settings/feedback_builder',
      'DELETE /api/admin/promo-codes/1',
    ]) {
      expect(routes).toContain(expected);
    }
  });

  it('answers 401 to visitors and 403 to students and debug users on every admin route', async () => {
    const visitor = new TestClient(t.app);
    const student = new TestClient(t.app);
    await student.login((await createStudent(t.db)).email, TEST_PASSWORD);
    const debug = new TestClient(t.app);
    await debug.login((await createStudent(t.db, { permissions: ['debug'] })).email, TEST_PASSWORD);

    for (const route of adminRoutes()) {
      const request = {
        method: route.method as 'GET',
        url: route.url,
        payload: route.method === 'GET' ? undefined : {},
      };
      const label = `${route.method} ${route.url}`;
      expect((await visitor.request(request)).statusCode, label).toBe(401);
      const forbidden = await student.request(request);
      expect(forbidden.statusCode, label).toBe(403);
      expect(forbidden.json().message).toBe('No tienes permiso para hacer esto.');
      expect((await debug.request(request)).statusCode, label).toBe(403);
    }
  });
});
