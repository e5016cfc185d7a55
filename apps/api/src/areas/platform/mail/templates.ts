import type { Language } from '@ensaya/core/i18n/language';
import { escapeHtml, fill, fillText, html, type SafeHtml } from './render.ts';

export type MailContent = { subject: string; html: string; text: string };

/** Every template and the data it needs. Later issues add theirs here. */
export type MailTemplates = {
  'verify-email': { name: string; url: string; minutes: number };
  'reset-password': { name: string; url: string; minutes: number };
  /** To a new address a student asked for: the link that makes it the account's. */
  'confirm-email-change': { name: string; url: string; minutes: number };
  /** To the account's address: a change to `newEmail` was asked for, or (`email-changed`) made. */
  'email-change-requested': EmailNoticeData;
  'email-changed': EmailNoticeData;
  /** To an account's owner: someone tried to register with its e-mail address. */
  'registration-attempt': { name: string; loginUrl: string; resetUrl: string };
  'stem-correction': {
    studentName: string;
    studentEmail: string;
    subjectName: string;
    stemId: number;
    stemNumber: number;
    comment: string;
    url: string;
  };
  'subscription-receipt': NoticeData & {
    invoiceNumber: string;
    total: string;
    periodEnd: string;
    /** What each renewal costs (a coupon discounts the first payment only). */
    renewalTotal: string;
  };
  'trial-ending': NoticeData & { date: string; total: string };
  'payment-failed': NoticeData & { total: string; retryDate: string | null };
  'renewal-off': NoticeData & { date: string };
  /** A trial canceled by its student: it ends on `date` and nothing is charged. */
  'trial-canceled': NoticeData & { date: string };
  'subscription-reactivated': NoticeData & { date: string };
  /** The day before a scheduled ensayo: its title, subject and start in the student's zone. */
  'scheduled-exam-reminder': {
    name: string;
    title: string;
    subjectName: string;
    startsAt: string;
    url: string;
  };
};
/** Every subscription mail names the student and the package, and links to the account. */
type NoticeData = { name: string; packageName: string; url: string };
/** The e-mail change notices name the new address and link to the account. */
type EmailNoticeData = { name: string; newEmail: string; url: string };
type ActionTemplateName = 'verify-email' | 'reset-password' | 'confirm-email-change';
type NoticeTemplateName = Exclude<
  MailTemplateName,
  ActionTemplateName | 'registration-attempt' | 'stem-correction'
>;
export type MailTemplateName = keyof MailTemplates;

/** A mail whose point is one button (verify, reset): its texts in one language. */
type ActionTexts = {
  subject: string;
  greeting: string;
  intro: string;
  action: string;
  note: string;
};

const ACTION_TEXTS: Record<ActionTemplateName, Record<Language, ActionTexts>> = {
  'verify-email': {
    es: {
      subject: 'Confirma tu correo electrónico en Ensaya',
      greeting: 'Hola, {name}:',
      intro:
        'Gracias por registrarte en Ensaya. Confirma tu correo electrónico con el botón de abajo para empezar a practicar.',
      action: 'Verificar mi correo',
      note: 'El enlace vence en {minutes} minutos. Si no creaste una cuenta en Ensaya, ignora este mensaje.',
    },
    en: {
      subject: 'Confirm your e-mail address for Ensaya',
      greeting: 'Hi {name},',
      intro:
        'Thank you for signing up to Ensaya. Confirm your e-mail address with the button below to start practising.',
      action: 'Verify my e-mail address',
      note: 'The link expires in {minutes} minutes. If you did not create an Ensaya account, ignore this message.',
    },
  },
  'reset-password': {
    es: {
      subject: 'Restablece tu contraseña de Ensaya',
      greeting: 'Hola, {name}:',
      intro:
        'Recibimos una solicitud para restablecer la contraseña de tu cuenta. Elige una nueva con el botón de abajo.',
      action: 'Restablecer contraseña',
      note: 'El enlace vence en {minutes} minutos y sirve una sola vez. Si no pediste este cambio, ignora este mensaje: tu contraseña sigue igual.',
    },
    en: {
      subject: 'Reset your Ensaya password',
      greeting: 'Hi {name},',
      intro:
        'We received a request to reset the password of your account. Choose a new one with the button below.',
      action: 'Reset password',
      note: 'The link expires in {minutes} minutes and works once. If you did not ask for this, ignore this message: your password stays the same.',
    },
  },
  'confirm-email-change': {
    es: {
      subject: 'Confirma tu nuevo correo electrónico en Ensaya',
      greeting: 'Hola, {name}:',
      intro:
        'Pediste usar este correo electrónico en tu cuenta de Ensaya. Confírmalo con el botón de abajo; mientras no lo hagas, tu cuenta sigue con tu correo anterior.',
      action: 'Confirmar mi nuevo correo',
      note: 'El enlace vence en {minutes} minutos. Si no pediste este cambio, ignora este mensaje: tu correo no se usará.',
    },
    en: {
      subject: 'Confirm your new e-mail address for Ensaya',
      greeting: 'Hi {name},',
      intro:
        'You asked to use this e-mail address for your Ensaya account. Confirm it with the button below; until you do, your account keeps its previous address.',
      action: 'Confirm my new e-mail address',
      note: 'The link expires in {minutes} minutes. If you did not ask for this change, ignore this message: this address will not be used.',
    },
  },
};

const LAYOUT_TEXTS: Record<
  Language,
  { fallback: string; tagline: string; automatic: string; signature: string }
> = {
  es: {
    fallback: 'Si el botón no funciona, copia este enlace en tu navegador:',
    tagline: 'Preparación para la PAES y la licencia de conducir clase B',
    automatic: 'Este es un mensaje automático; por favor no lo respondas.',
    signature: 'El equipo de Ensaya',
  },
  en: {
    fallback: 'If the button does not work, paste this link into your browser:',
    tagline: 'Preparation for the PAES and the class B driving licence',
    automatic: 'This is an automatic message; please do not reply to it.',
    signature: 'The Ensaya team',
  },
};

const BLUE = '#1d4ed8';
const INK = '#0f172a';
const MUTED = '#475569';
const LINE = '#e2e8f0';
const SURFACE = '#f8fafc';

/** The branded frame of every mail: a logo bar, a white card, the footer. Inline styles only. */
function layout(language: Language, title: string, content: SafeHtml, appUrl: string): string {
  const texts = LAYOUT_TEXTS[language];
  return html`<!doctype html>
    <html lang="${language}">
      <head>
        <meta charset="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <title>${title}</title>
      </head>
      <body
        style="margin:0;padding:0;background:${SURFACE};font-family:Arial,Helvetica,sans-serif;color:${INK};"
      >
        <table
          role="presentation"
          width="100%"
          cellpadding="0"
          cellspacing="0"
          style="background:${SURFACE};padding:24px 12px;"
        >
          <tr>
            <td align="center">
              <table
                role="presentation"
                width="100%"
                cellpadding="0"
                cellspacing="0"
                style="max-width:560px;"
              >
                <tr>
                  <td style="padding:0 0 16px 0;">
                    <a
                      href="${appUrl}"
                      style="text-decoration:none;color:${BLUE};font-size:24px;font-weight:bold;"
                      >Ensaya</a
                    >
                    <div style="color:${MUTED};font-size:13px;">${texts.tagline}</div>
                  </td>
                </tr>
                <tr>
                  <td
                    style="background:#ffffff;border:1px solid ${LINE};border-radius:12px;padding:28px;font-size:15px;line-height:1.6;"
                  >
                    ${content}
                    <p style="margin:24px 0 0 0;">${texts.signature}</p>
                  </td>
                </tr>
                <tr>
                  <td style="padding:16px 4px;color:${MUTED};font-size:12px;line-height:1.5;">
                    ${texts.automatic}<br />© ${new Date().getUTCFullYear()} Ensaya
                  </td>
                </tr>
              </table>
            </td>
          </tr>
        </table>
      </body>
    </html> `.value;
}

function actionMail(
  name: ActionTemplateName,
  language: Language,
  data: { name: string; url: string; minutes: number },
  appUrl: string,
): MailContent {
  const texts = ACTION_TEXTS[name][language];
  const layoutTexts = LAYOUT_TEXTS[language];
  const params = { name: data.name, minutes: String(data.minutes) };
  const content = html`<p style="margin:0 0 16px 0;">${fill(texts.greeting, params)}</p>
    <p style="margin:0 0 24px 0;">${fill(texts.intro, params)}</p>
    <p style="margin:0 0 24px 0;">
      <a
        href="${data.url}"
        style="display:inline-block;background:${BLUE};color:#ffffff;text-decoration:none;font-weight:bold;padding:12px 22px;border-radius:8px;"
        >${texts.action}</a
      >
    </p>
    <p style="margin:0 0 16px 0;color:${MUTED};font-size:14px;">${fill(texts.note, params)}</p>
    <p style="margin:0;color:${MUTED};font-size:13px;">
      ${layoutTexts.fallback}<br /><a href="${data.url}" style="color:${BLUE};word-break:break-all;"
        >${data.url}</a
      >
    </p>`;
  const text = [
    fillText(texts.greeting, params),
    '',
    fillText(texts.intro, params),
    '',
    `${texts.action}: ${data.url}`,
    '',
    fillText(texts.note, params),
    '',
    layoutTexts.signature,
    '',
    '--',
    `Ensaya · ${layoutTexts.tagline}`,
    appUrl,
    layoutTexts.automatic,
  ].join('\n');
  return { subject: texts.subject, html: layout(language, texts.subject, content, appUrl), text };
}

export function renderMail<N extends MailTemplateName>(
  name: N,
  language: Language,
  data: MailTemplates[N],
  appUrl: string,
): MailContent {
  switch (name) {
    case 'verify-email':
    case 'reset-password':
    case 'confirm-email-change':
      return actionMail(name, language, data as MailTemplates['verify-email'], appUrl);
    case 'registration-attempt':
      return registrationAttemptMail(
        language,
        data as MailTemplates['registration-attempt'],
        appUrl,
      );
    case 'stem-correction':
      return stemCorrectionMail(language, data as MailTemplates['stem-correction'], appUrl);
    case 'subscription-receipt':
    case 'trial-ending':
    case 'payment-failed':
    case 'renewal-off':
    case 'trial-canceled':
    case 'subscription-reactivated':
    case 'email-change-requested':
    case 'email-changed':
    case 'scheduled-exam-reminder':
      return noticeMail(name, language, data as unknown as Record<string, string | null>, appUrl);
    default:
      throw new Error(`Unknown mail template ${escapeHtml(String(name))}`);
  }
}

const REGISTRATION_ATTEMPT_TEXTS: Record<
  Language,
  {
    subject: string;
    greeting: string;
    intro: string;
    ifYou: string;
    logIn: string;
    reset: string;
    ifNotYou: string;
  }
> = {
  es: {
    subject: 'Alguien intentó registrarse en Ensaya con tu correo',
    greeting: 'Hola, {name}:',
    intro:
      'Alguien intentó crear una cuenta de Ensaya con este correo electrónico, que ya tiene una: la tuya. No creamos otra cuenta.',
    ifYou: 'Si fuiste tú, inicia sesión con tu contraseña, o elige una nueva si no la recuerdas.',
    logIn: 'Iniciar sesión',
    reset: 'Restablecer mi contraseña',
    ifNotYou: 'Si no fuiste tú, ignora este mensaje: tu cuenta y tu contraseña siguen igual.',
  },
  en: {
    subject: 'Someone tried to register on Ensaya with your e-mail address',
    greeting: 'Hi {name},',
    intro:
      'Someone tried to create an Ensaya account with this e-mail address, which already has one: yours. No other account was created.',
    ifYou: 'If it was you, log in with your password, or choose a new one if you forgot it.',
    logIn: 'Log in',
    reset: 'Reset my password',
    ifNotYou:
      'If it was not you, ignore this message: your account and your password stay as they are.',
  },
};

/** Registration with a taken address: the owner hears of it, the stranger is told nothing. */
function registrationAttemptMail(
  language: Language,
  data: MailTemplates['registration-attempt'],
  appUrl: string,
): MailContent {
  const texts = REGISTRATION_ATTEMPT_TEXTS[language];
  const params = { name: data.name };
  const button = (url: string, label: string) =>
    html`<a
      href="${url}"
      style="display:inline-block;background:${BLUE};color:#ffffff;text-decoration:none;font-weight:bold;padding:12px 22px;border-radius:8px;margin:0 8px 8px 0;"
      >${label}</a
    >`;
  const content = html`<p style="margin:0 0 16px 0;">${fill(texts.greeting, params)}</p>
    <p style="margin:0 0 16px 0;">${texts.intro}</p>
    <p style="margin:0 0 16px 0;">${texts.ifYou}</p>
    <p style="margin:0 0 16px 0;">
      ${button(data.loginUrl, texts.logIn)}${button(data.resetUrl, texts.reset)}
    </p>
    <p style="margin:0;color:${MUTED};font-size:14px;">${texts.ifNotYou}</p>`;
  const text = [
    fillText(texts.greeting, params),
    '',
    texts.intro,
    '',
    texts.ifYou,
    `${texts.logIn}: ${data.loginUrl}`,
    `${texts.reset}: ${data.resetUrl}`,
    '',
    texts.ifNotYou,
    '',
    LAYOUT_TEXTS[language].signature,
    '',
    '--',
    `Ensaya · ${LAYOUT_TEXTS[language].tagline}`,
    appUrl,
    LAYOUT_TEXTS[language].automatic,
  ].join('\n');
  return { subject: texts.subject, html: layout(language, texts.subject, content, appUrl), text };
}

const CORRECTION_TEXTS: Record<
  Language,
  { subject: string; intro: string; student: string; question: string; open: string }
> = {
  es: {
    subject: 'Comentario sobre la pregunta {stemId} ({subjectName})',
    intro: 'Un estudiante dejó un comentario sobre una pregunta del banco:',
    student: 'Estudiante',
    question: 'Pregunta {stemId}, número {stemNumber} de {subjectName}',
    open: 'Abrir la pregunta en el back office',
  },
  en: {
    subject: 'Comment on question {stemId} ({subjectName})',
    intro: 'A student left a comment on a question of the bank:',
    student: 'Student',
    question: 'Question {stemId}, number {stemNumber} of {subjectName}',
    open: 'Open the question in the back office',
  },
};

/** To the content team: a student's comment on a question, with a link to its back-office page. */
function stemCorrectionMail(
  language: Language,
  data: MailTemplates['stem-correction'],
  appUrl: string,
): MailContent {
  const texts = CORRECTION_TEXTS[language];
  const params = {
    stemId: String(data.stemId),
    stemNumber: String(data.stemNumber),
    subjectName: data.subjectName,
  };
  const subject = fillText(texts.subject, params);
  const content = html`<p style="margin:0 0 16px 0;">${texts.intro}</p>
    <p style="margin:0 0 8px 0;"><strong>${fill(texts.question, params)}</strong></p>
    <p style="margin:0 0 16px 0;">
      ${texts.student}: ${data.studentName} &lt;${data.studentEmail}&gt;
    </p>
    <blockquote
      style="margin:0 0 16px 0;padding:12px;border-left:4px solid ${LINE};white-space:pre-wrap;"
    >
      ${data.comment}
    </blockquote>
    <p style="margin:0;"><a href="${data.url}" style="color:${BLUE};">${texts.open}</a></p>`;
  const text = [
    texts.intro,
    '',
    fillText(texts.question, params),
    `${texts.student}: ${data.studentName} <${data.studentEmail}>`,
    '',
    data.comment,
    '',
    `${texts.open}: ${data.url}`,
  ].join('\n');
  return { subject, html: layout(language, subject, content, appUrl), text };
}

/** Subscription mails: a subject, lines with `{placeholders}` and a button to the account. */
type NoticeTexts = { subject: string; lines: string[]; action: string };

const NOTICE_TEXTS: Record<NoticeTemplateName, Record<Language, NoticeTexts>> = {
  'email-change-requested': {
    es: {
      subject: 'Pediste cambiar tu correo electrónico en Ensaya',
      lines: [
        'Hola, {name}:',
        'Se pidió cambiar el correo electrónico de tu cuenta de Ensaya a {newEmail}. El cambio se hará cuando se abra el enlace que enviamos a esa dirección; mientras tanto, tu cuenta sigue con este correo.',
        'Si no fuiste tú, cancela el cambio desde tu cuenta y cambia tu contraseña: quien lo pidió la conocía.',
      ],
      action: 'Ver mi cuenta',
    },
    en: {
      subject: 'You asked to change your Ensaya e-mail address',
      lines: [
        'Hi {name},',
        'Someone asked to change the e-mail address of your Ensaya account to {newEmail}. The change happens when the link we sent to that address is opened; until then, your account keeps this address.',
        'If it was not you, cancel the change from your account and change your password: whoever asked knew it.',
      ],
      action: 'See my account',
    },
  },
  'email-changed': {
    es: {
      subject: 'Tu correo electrónico en Ensaya cambió',
      lines: [
        'Hola, {name}:',
        'El correo electrónico de tu cuenta de Ensaya ahora es {newEmail}; este correo ya no sirve para iniciar sesión.',
        'Si no fuiste tú, contáctanos de inmediato: nuestros datos de contacto están al pie de la página de Ensaya.',
      ],
      action: 'Ir a Ensaya',
    },
    en: {
      subject: 'Your Ensaya e-mail address has changed',
      lines: [
        'Hi {name},',
        'The e-mail address of your Ensaya account is now {newEmail}; this address no longer logs in.',
        'If it was not you, contact us at once: our contact details are at the foot of the Ensaya website.',
      ],
      action: 'Go to Ensaya',
    },
  },
  'subscription-receipt': {
    es: {
      subject: 'Recibo de tu pago en Ensaya ({invoiceNumber})',
      lines: [
        'Hola, {name}:',
        'Recibimos tu pago de {total} (IVA incluido) por {packageName}. Factura {invoiceNumber}.',
        'Tu suscripción está activa hasta el {periodEnd} y se renovará automáticamente por {renewalTotal} (IVA incluido).',
      ],
      action: 'Ver mi cuenta',
    },
    en: {
      subject: 'Receipt for your Ensaya payment ({invoiceNumber})',
      lines: [
        'Hi {name},',
        'We received your payment of {total} (VAT included) for {packageName}. Invoice {invoiceNumber}.',
        'Your subscription is active until {periodEnd} and renews automatically for {renewalTotal} (VAT included).',
      ],
      action: 'See my account',
    },
  },
  'trial-ending': {
    es: {
      subject: 'Tu periodo de prueba de Ensaya termina en 3 días',
      lines: [
        'Hola, {name}:',
        'Tu periodo de prueba de {packageName} termina el {date}.',
        'Ese día cobraremos {total} a tu tarjeta y tu suscripción seguirá activa. Puedes desactivar la renovación desde tu cuenta.',
      ],
      action: 'Ver mi cuenta',
    },
    en: {
      subject: 'Your Ensaya trial ends in 3 days',
      lines: [
        'Hi {name},',
        'Your trial of {packageName} ends on {date}.',
        'That day we will charge {total} to your card and your subscription will continue. You can turn renewal off in your account.',
      ],
      action: 'See my account',
    },
  },
  'payment-failed': {
    es: {
      subject: 'No pudimos cobrar tu suscripción de Ensaya',
      lines: [
        'Hola, {name}:',
        'El pago de {total} por {packageName} fue rechazado.',
        'Agrega un medio de pago válido; el pago se reintentará más tarde ({retryDate}).',
      ],
      action: 'Actualizar mi tarjeta',
    },
    en: {
      subject: 'We could not charge your Ensaya subscription',
      lines: [
        'Hi {name},',
        'The payment of {total} for {packageName} was declined.',
        'Add a valid payment method; payment will be retried later ({retryDate}).',
      ],
      action: 'Update my card',
    },
  },
  'renewal-off': {
    es: {
      subject: 'Desactivaste la renovación de tu suscripción de Ensaya',
      lines: [
        'Hola, {name}:',
        'La renovación automática de {packageName} está desactivada.',
        'Mantienes el acceso hasta el {date}. Puedes reactivarla cuando quieras desde tu cuenta.',
      ],
      action: 'Ver mi cuenta',
    },
    en: {
      subject: 'You turned off the renewal of your Ensaya subscription',
      lines: [
        'Hi {name},',
        'Automatic renewal of {packageName} is off.',
        'You keep access until {date}. You can turn it back on from your account at any time.',
      ],
      action: 'See my account',
    },
  },
  'trial-canceled': {
    es: {
      subject: 'Cancelaste tu prueba de Ensaya',
      lines: [
        'Hola, {name}:',
        'Cancelaste tu período de prueba de {packageName}: no haremos ningún cobro a tu tarjeta.',
        'Mantienes el acceso hasta el {date}. Si cambias de opinión, puedes reactivarla desde tu cuenta antes de esa fecha.',
      ],
      action: 'Ver mi cuenta',
    },
    en: {
      subject: 'You canceled your Ensaya trial',
      lines: [
        'Hi {name},',
        'You canceled your trial of {packageName}: we will not charge your card.',
        'You keep access until {date}. If you change your mind, you can turn it back on from your account before then.',
      ],
      action: 'See my account',
    },
  },
  'subscription-reactivated': {
    es: {
      subject: 'Reactivaste tu suscripción de Ensaya',
      lines: [
        'Hola, {name}:',
        'La renovación automática de {packageName} fue activada.',
        'Tu suscripción se renovará el {date}.',
      ],
      action: 'Ver mi cuenta',
    },
    en: {
      subject: 'You reactivated your Ensaya subscription',
      lines: [
        'Hi {name},',
        'Automatic renewal of {packageName} was activated.',
        'Your subscription renews on {date}.',
      ],
      action: 'See my account',
    },
  },
  'scheduled-exam-reminder': {
    es: {
      subject: 'Mañana: {title}',
      lines: [
        'Hola, {name}:',
        'Te recordamos el ensayo «{title}» de {subjectName}: comienza el {startsAt}, a la misma hora para todos.',
        'La sala de espera abre 15 minutos antes. Únete desde ahí con tiempo: el ensayo se descarga en tu dispositivo mientras esperas y se abre al inicio.',
      ],
      action: 'Ir al ensayo',
    },
    en: {
      subject: 'Tomorrow: {title}',
      lines: [
        'Hi {name},',
        'A reminder of the ensayo “{title}” of {subjectName}: it starts on {startsAt}, at the same time for everyone.',
        'The waiting room opens 15 minutes before. Join from there in good time: the ensayo downloads to your device while you wait and opens at the start.',
      ],
      action: 'Go to the ensayo',
    },
  },
};

function noticeMail(
  name: NoticeTemplateName,
  language: Language,
  data: Record<string, string | null>,
  appUrl: string,
): MailContent {
  const texts = NOTICE_TEXTS[name][language];
  const params = Object.fromEntries(
    Object.entries(data).map(([key, value]) => [key, value ?? '-']),
  );
  const url = params.url ?? appUrl;
  const subject = fillText(texts.subject, params);
  const content = html`${texts.lines.map(
      (line) => html`<p style="margin:0 0 16px 0;">${fill(line, params)}</p>`,
    )}
    <p style="margin:8px 0 0 0;">
      <a
        href="${url}"
        style="display:inline-block;background:${BLUE};color:#ffffff;text-decoration:none;font-weight:bold;padding:12px 22px;border-radius:8px;"
        >${texts.action}</a
      >
    </p>`;
  const text = [
    ...texts.lines.map((line) => fillText(line, params)),
    '',
    `${texts.action}: ${url}`,
    '',
    LAYOUT_TEXTS[language].signature,
  ].join('\n');
  return { subject, html: layout(language, subject, content, appUrl), text };
}
