import { useTranslation } from 'react-i18next';
import type { SaveStatus } from '../lib/save-queue.ts';
import { TEST_TAKING_NAMESPACE } from '../lib/test-taking-i18n.ts';

const TEXT: Record<SaveStatus, string> = {
  idle: 'save.idle',
  saving: 'save.saving',
  saved: 'save.saved',
  retrying: 'save.retrying',
  failed: 'save.failed',
};

/** Whether the answers are on the server: "Guardado", "Guardando…", "Sin conexión…". */
export function SaveIndicator({ status }: { status: SaveStatus }) {
  const { t } = useTranslation(TEST_TAKING_NAMESPACE);
  return (
    <span className={`save-indicator save-indicator--${status}`} role="status" aria-live="polite">
      {t(TEXT[status])}
    </span>
  );
}
