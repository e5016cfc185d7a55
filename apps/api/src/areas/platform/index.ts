// Platform: what every area leans on and that knows no product rule: outgoing mail (queue,
// templates, dispatcher), the app key that signs links, and the settings store.
// Public face: other areas import from this file only (lint: .dependency-cruiser.cjs).
export { resolveAppKey } from './app-key/service.ts';
export { devMailboxRoutes } from './mail/dev-mailbox.ts';
export { startMailDispatcher } from './mail/dispatcher.ts';
export type { MailDispatcher } from './mail/dispatcher.ts';
export { escapeHtml } from './mail/render.ts';
export { insertMails } from './mail/repo.ts';
export { queueMail } from './mail/service.ts';
export { renderMail } from './mail/templates.ts';
export type { MailTemplateName, MailTemplates } from './mail/templates.ts';
export { findFeedbackBuilder } from './settings/repo.ts';
export * as settingsRepo from './settings/repo.ts';
export { createClock } from './clock/clock.ts';
export type { Clock } from './clock/clock.ts';
export { readClockOffset, saveClockOffset } from './clock/repo.ts';
