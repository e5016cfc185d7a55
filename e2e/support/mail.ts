import { expect, type APIRequestContext } from '@playwright/test';

/** A mail as the dev mailbox (`/dev/mail.json`) lists it. */
export interface Mail {
  id: number;
  to: string;
  subject: string;
  created_at: string;
  html: string;
  text: string;
}

/** The newest mail to `to` whose text contains `marker`, once it is in the dev mailbox. */
export async function waitForMail(
  request: APIRequestContext,
  to: string,
  marker: string,
  after = 0,
): Promise<Mail> {
  let found: Mail | undefined;
  await expect
    .poll(
      async () => {
        const response = await request.get(`/dev/mail.json?to=${encodeURIComponent(to)}`);
        expect(response.ok()).toBe(true);
        const { data } = (await response.json()) as { data: Mail[] };
        found = data.find((mail) => mail.id > after && mail.text.includes(marker));
        return found !== undefined;
      },
      { timeout: 15_000 },
    )
    .toBe(true);
  return found!;
}

/** The first link in a mail's text that contains `marker`, as a path on the server under test. */
export function linkIn(mail: Mail, marker: string): string {
  const link = mail.text.split(/\s+/).find((word) => word.includes(marker));
  expect(link, `a link with ${marker} in "${mail.subject}"`).toBeDefined();
  // The mail points at APP_URL; the browser stays on the address the tests use.
  const url = new URL(link!);
  return `${url.pathname}${url.search}`;
}
