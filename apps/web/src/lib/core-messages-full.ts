import { messages } from '@ensaya/core/i18n/messages';
import { addCoreMessages } from './core-message.ts';

// The whole message catalogue for `coreMessage`, imported by the layouts of every page but login
// (see core-message.ts).
addCoreMessages(messages);
