import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { CookieConsentBar } from './cookie-consent-bar.tsx';

function cookies(): string[] {
  return document.cookie
    .split(';')
    .map((part) => part.trim())
    .filter(Boolean);
}

describe('cookie consent bar', () => {
  it('accepting stores the choice and keeps the bar away after a reload', async () => {
    const user = userEvent.setup();
    const first = render(<CookieConsentBar />);
    const bar = screen.getByRole('region', { name: 'Cookies' });

    await user.click(within(bar).getByRole('button', { name: 'Aceptar' }));

    expect(screen.queryByRole('region', { name: 'Cookies' })).not.toBeInTheDocument();
    expect(cookies()).toContain('cookie_consent=accepted');
    first.unmount();
    render(<CookieConsentBar />);
    expect(screen.queryByRole('region', { name: 'Cookies' })).not.toBeInTheDocument();
  });

  it('declining stores the choice and deletes the analytics cookies, and only those', async () => {
    document.cookie = '_ga=GA1.1.123.456; Path=/';
    document.cookie = '_gid=GA1.1.789; Path=/';
    document.cookie = '_gat=1; Path=/';
    document.cookie = '_ga_ABC123=GS1.1; Path=/';
    document.cookie = '_gat_UA42=1; Path=/';
    document.cookie = 'XSRF-TOKEN=keep-me; Path=/';
    const user = userEvent.setup();
    const first = render(<CookieConsentBar />);

    await user.click(screen.getByRole('button', { name: 'Rechazar' }));

    expect(screen.queryByRole('region', { name: 'Cookies' })).not.toBeInTheDocument();
    expect(cookies().sort()).toEqual(['XSRF-TOKEN=keep-me', 'cookie_consent=declined']);
    first.unmount();
    render(<CookieConsentBar />);
    expect(screen.queryByRole('region', { name: 'Cookies' })).not.toBeInTheDocument();
  });

  it('writes the consent cookie for 150 days, for the whole site, SameSite=Lax', async () => {
    const writes: string[] = [];
    const descriptor = Object.getOwnPropertyDescriptor(Document.prototype, 'cookie');
    Object.defineProperty(document, 'cookie', {
      configurable: true,
      get: () => descriptor?.get?.call(document) as string,
      set: (value: string) => {
        writes.push(value);
        descriptor?.set?.call(document, value);
      },
    });
    try {
      const user = userEvent.setup();
      render(<CookieConsentBar />);
      await user.click(screen.getByRole('button', { name: 'Aceptar' }));
    } finally {
      delete (document as { cookie?: string }).cookie;
    }

    expect(writes).toEqual([
      `cookie_consent=accepted; Max-Age=${150 * 24 * 60 * 60}; Path=/; SameSite=Lax`,
    ]);
  });

  it('stays hidden when the stored banner flag is set', () => {
    localStorage.setItem('banner', '1');
    render(<CookieConsentBar />);
    expect(screen.queryByRole('region', { name: 'Cookies' })).not.toBeInTheDocument();
  });
});
