import type { Language } from '@ensaya/core/i18n/language';
import { CARD_VALIDATION_AMOUNT } from '@ensaya/core/subscriptions/lifecycle';
import { formatClp } from '@ensaya/core/subscriptions/pricing';
import { escapeHtml } from '../../platform/index.ts';
import { SANDBOX_CARDS } from './sandbox-gateway.ts';

const TEXTS = {
  es: {
    title: 'Pasarela de pago de prueba',
    lead: 'Esta es la pasarela de prueba de Ensaya: no se mueve dinero real. Usa una tarjeta de prueba (cualquier número que termine en los mismos cuatro dígitos hace lo mismo; la prueba gratis es una por tarjeta):',
    approve: 'aprueba',
    decline: 'rechaza',
    decline_later: 'aprueba ahora y rechaza el próximo cobro',
    number: 'Número de tarjeta',
    submit: 'Registrar tarjeta',
    cancel: 'Cancelar',
    validation: `Se hará un cargo de validación de ${formatClp(CARD_VALIDATION_AMOUNT)}, que se reembolsa.`,
  },
  en: {
    title: 'Test payment gateway',
    lead: "This is Ensaya's test gateway: no real money moves. Use a test card (any number ending in the same four digits does the same; the free trial is once per card):",
    approve: 'approves',
    decline: 'declines',
    decline_later: 'approves now and declines the next charge',
    number: 'Card number',
    submit: 'Register card',
    cancel: 'Cancel',
    validation: `A card validation charge of ${formatClp(CARD_VALIDATION_AMOUNT)} is made and refunded.`,
  },
} as const;

/** The sandbox's hosted card page: a plain form, as a gateway's page would be. */
export function sandboxCardPage(token: string, returnUrl: string, language: Language): string {
  const t = TEXTS[language];
  const cancel = new URL(returnUrl);
  cancel.searchParams.set('aborted', '1');
  const cards = Object.entries(SANDBOX_CARDS)
    .map(
      ([number, card]) =>
        `<li><code>${number.replace(/(\d{4})(?=\d)/g, '$1 ')}</code>: ${escapeHtml(t[card.kind])}</li>`,
    )
    .join('');
  return `<!doctype html>
<html lang="${language}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${t.title}</title>
<style>body{font-family:Arial,sans-serif;max-width:480px;margin:40px auto;padding:0 16px;color:#0f172a}label,input,button{display:block;width:100%;font-size:16px}input{padding:10px;margin:6px 0 16px;box-sizing:border-box}button{padding:12px;background:#1d4ed8;color:#fff;border:0;border-radius:8px}a{display:block;margin-top:16px;text-align:center}</style>
</head><body>
<h1>${t.title}</h1>
<p>${t.lead}</p><ul>${cards}</ul>
<form method="post" action="/sandbox-gateway/enroll">
<input type="hidden" name="token" value="${escapeHtml(token)}">
<label for="card_number">${t.number}</label>
<input id="card_number" name="card_number" inputmode="numeric" autocomplete="cc-number" required value="4111 1111 1111 1111">
<p>${t.validation}</p>
<button type="submit">${t.submit}</button>
</form>
<a href="${escapeHtml(cancel.toString())}">${t.cancel}</a>
</body></html>`;
}

/** Posts TBK_TOKEN to Webpay's inscription page (Oneclick requires a POST). */
export function transbankRedirectPage(url: string, token: string): string {
  return `<!doctype html>
<html><head><meta charset="utf-8"><title>Webpay</title>
<script src="/payments/transbank/redirect.js" defer></script></head>
<body>
<form method="post" action="${escapeHtml(url)}">
<input type="hidden" name="TBK_TOKEN" value="${escapeHtml(token)}">
<button type="submit">Webpay</button>
</form></body></html>`;
}

/** The redirect page's script: served as a file, since the CSP allows no inline script. */
export const TRANSBANK_REDIRECT_SCRIPT = 'document.forms[0].submit();\n';
