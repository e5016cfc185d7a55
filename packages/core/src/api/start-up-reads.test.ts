import { describe, expect, it } from 'vitest';
import { startUpReads } from './start-up-reads.ts';

describe('startUpReads', () => {
  it('names the session, the layout and the page', () => {
    expect(startUpReads('/materias', '')).toEqual([
      '/api/me',
      '/api/user-subscriptions/after-login',
      '/api/user-tests/in-progress',
      '/api/subjects',
      '/api/review/due',
      '/api/scheduled-exams',
    ]);
  });

  it('reads an id as the page does: the first of its name, a plain positive number', () => {
    const attempt = (search: string) =>
      startUpReads('/test/ensayo', search).filter((read) => /^\/api\/user-tests\/\d/.test(read));
    expect(attempt('?x=1&id=305')).toEqual(['/api/user-tests/305']);
    expect(attempt('?id=7&id=8')).toEqual(['/api/user-tests/7']);
    for (const search of [
      '',
      '?id=',
      '?id=0',
      '?id=07',
      '?id=-3',
      '?id=3.5',
      '?id=1e3',
      '?uid=3',
      '?id=3%22',
    ])
      expect(attempt(search), search).toEqual([]);
  });

  it('names nothing for an unknown page, whatever its name', () => {
    for (const pathname of [
      '/',
      '/login',
      '/admin/users',
      '/__proto__',
      '/constructor',
      '/dashboard/x',
    ])
      expect(startUpReads(pathname, ''), pathname).toEqual([]);
    expect(startUpReads('/dashboard/', '')).toEqual(startUpReads('/dashboard', ''));
  });
});
