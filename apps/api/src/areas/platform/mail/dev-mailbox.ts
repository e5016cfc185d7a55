import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { IdParams } from '@ensaya/core/contracts/ids';
import type { ModuleOptions } from '../../../lib/module-options.ts';
import { html, SafeHtml } from './render.ts';
import * as repo from './repo.ts';

const LIST_LIMIT = 500;

/**
 * The dev mailbox: every outbox message, newest first, at `/dev/mail` (HTML, links work) and
 * `/dev/mail.json?to=` (tests). Only where mail cannot leave the machine: outside production and
 * without SMTP (elsewhere it does not exist), and only for this machine or an administrator, since
 * the outbox holds live reset and verification links.
 */
export const devMailboxRoutes: FastifyPluginAsyncZod<ModuleOptions> = async (
  app,
  { db, config },
) => {
  // Not registered at all in production or with SMTP: an unknown path, 404.
  if (config.env === 'production' || config.smtpUrl) return;
  // The loopback address (the demo's own browser) or an administrator: mail holds live links.
  const dev = { access: 'dev' } as const;

  app.get(
    '/dev/mail.json',
    {
      config: dev,
      schema: { hide: true, querystring: z.object({ to: z.string().trim().optional() }) },
    },
    async (request) => {
      const to = request.query.to?.toLowerCase() || undefined;
      const rows = await repo.listMail(db, { to, limit: LIST_LIMIT });
      return {
        data: rows.map((row) => ({
          id: row.id,
          to: row.toAddress,
          subject: row.subject,
          created_at: row.createdAt.toISOString(),
          html: row.html,
          text: row.text,
        })),
      };
    },
  );

  app.get('/dev/mail', { config: dev, schema: { hide: true } }, async (_request, reply) => {
    const rows = await repo.listMail(db, { limit: LIST_LIMIT });
    const body = html`<h1>Dev mailbox</h1>
      <p class="muted">
        Mail Ensaya would send (no SMTP server is configured), newest first. Only outside
        production.
      </p>
      ${
        rows.length === 0
          ? html`<p>No mail yet.</p>`
          : html`<table>
              <thead>
                <tr>
                  <th>To</th>
                  <th>Subject</th>
                  <th>Date (UTC)</th>
                </tr>
              </thead>
              <tbody>
                ${rows.map(
                  (row) =>
                    html`<tr>
                      <td>${row.toAddress}</td>
                      <td><a href="/dev/mail/${row.id}">${row.subject}</a></td>
                      <td>${formatDate(row.createdAt)}</td>
                    </tr> `,
                )}
              </tbody>
            </table>`
      }`;
    return reply.type('text/html; charset=utf-8').send(page('Dev mailbox', body));
  });

  app.get(
    '/dev/mail/:id',
    { config: dev, schema: { hide: true, params: IdParams } },
    async (request, reply) => {
      const mail = await repo.findMail(db, request.params.id);
      if (!mail) return reply.callNotFound();
      // The HTML body is our own template: shown as it is, so its links work in this tab.
      const mailBody = /<body[^>]*>([\s\S]*)<\/body>/i.exec(mail.html)?.[1] ?? mail.html;
      const body = html`<p><a href="/dev/mail">← Dev mailbox</a></p>
        <h1>${mail.subject}</h1>
        <dl>
          <dt>To</dt>
          <dd>${mail.toAddress}</dd>
          <dt>Date (UTC)</dt>
          <dd>${formatDate(mail.createdAt)}</dd>
          <dt>Language</dt>
          <dd>${mail.locale}</dd>
          <dt>Status</dt>
          <dd>${mail.status}</dd>
        </dl>
        <h2>HTML</h2>
        <div class="mail">${new SafeHtml(mailBody)}</div>
        <h2>Text</h2>
        <pre>${mail.text}</pre>`;
      return reply.type('text/html; charset=utf-8').send(page(mail.subject, body));
    },
  );
};

function formatDate(date: Date) {
  return date.toISOString().replace('T', ' ').slice(0, 19);
}

function page(title: string, body: SafeHtml): string {
  return html`<!doctype html>
    <html lang="en">
      <head>
        <meta charset="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <title>${title} · Ensaya</title>
        <style>
          body {
            font-family: system-ui, sans-serif;
            margin: 24px;
            color: #0f172a;
          }
          table {
            border-collapse: collapse;
            width: 100%;
          }
          th,
          td {
            text-align: left;
            padding: 6px 10px;
            border-bottom: 1px solid #e2e8f0;
          }
          .muted {
            color: #475569;
          }
          dl {
            display: grid;
            grid-template-columns: max-content 1fr;
            gap: 4px 12px;
          }
          dt {
            color: #475569;
          }
          dd {
            margin: 0;
          }
          .mail {
            border: 1px solid #e2e8f0;
            border-radius: 8px;
          }
          pre {
            white-space: pre-wrap;
            background: #f8fafc;
            padding: 12px;
            border-radius: 8px;
          }
        </style>
      </head>
      <body>
        ${body}
      </body>
    </html> `.value;
}
