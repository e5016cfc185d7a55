import type { Language } from '@ensaya/core/i18n/language';
import type { DbOrTx } from '../../../db/client.ts';
import * as repo from './repo.ts';
import { renderMail, type MailTemplateName, type MailTemplates } from './templates.ts';

/**
 * Renders a mail and writes it to the outbox. Pass the caller's transaction: the mail then exists
 * exactly when what caused it does (a registration that rolls back sends nothing). The dispatcher
 * sends it over SMTP; without SMTP it stays for the dev mailbox.
 */
export async function queueMail<N extends MailTemplateName>(
  db: DbOrTx,
  mail: { to: string; language: Language; template: N; data: MailTemplates[N]; appUrl: string },
): Promise<{ id: number }> {
  const content = renderMail(mail.template, mail.language, mail.data, mail.appUrl);
  return repo.insertMail(db, {
    toAddress: mail.to,
    subject: content.subject,
    html: content.html,
    text: content.text,
    locale: mail.language,
  });
}
