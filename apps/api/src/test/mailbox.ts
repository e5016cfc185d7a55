import type { FastifyInstance } from 'fastify';

export type DevMail = {
  id: number;
  to: string;
  subject: string;
  created_at: string;
  html: string;
  text: string;
};

/** The outbox as the dev mailbox shows it, newest first, for one recipient. */
export async function mailsTo(app: FastifyInstance, to: string): Promise<DevMail[]> {
  const response = await app.inject({
    method: 'GET',
    url: `/dev/mail.json?to=${encodeURIComponent(to)}`,
  });
  if (response.statusCode !== 200) throw new Error(`dev mailbox: ${response.statusCode}`);
  return response.json().data;
}

/** The first link in a text that starts with `prefix`. */
export function linkIn(text: string, prefix: string): string {
  const start = text.indexOf(prefix);
  if (start < 0) throw new Error(`no link starting with ${prefix} in:\n${text}`);
  return /^\S+/.exec(text.slice(start))![0];
}

/** The signed API path inside a mailed `/verify-email?url=...` link. */
export function verificationPath(text: string, appUrl: string): string {
  const link = new URL(linkIn(text, `${appUrl}/verify-email?url=`));
  return link.searchParams.get('url')!;
}
