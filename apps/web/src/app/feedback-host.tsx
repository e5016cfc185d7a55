import type { QueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { registerAppHandlers } from '../lib/app-bridge.ts';
import { clearSessionCache } from '../lib/session.ts';

// Ant Design's Modal is large and most visits never need it: it loads with the first error.
const ErrorDialog = lazy(() =>
  import('../components/error-dialog.tsx').then((module) => ({ default: module.ErrorDialog })),
);

const NOTICE_SECONDS = 6;

interface Message {
  id: number;
  title: string;
  content: string;
}

let nextId = 1;

function Notice({ message, onDismiss }: { message: Message; onDismiss: () => void }) {
  const { t } = useTranslation();
  useEffect(() => {
    const timer = window.setTimeout(onDismiss, NOTICE_SECONDS * 1000);
    return () => window.clearTimeout(timer);
  }, [onDismiss]);
  return (
    <div className="notice" role="alert">
      <span>{message.content}</span>
      <button
        type="button"
        className="notice__close"
        aria-label={t('errors.dismiss')}
        onClick={onDismiss}
      >
        ×
      </button>
    </div>
  );
}

/**
 * Shows what the API client reports (lib/app-bridge.ts): error dialogs one at a time, short
 * notices for a few seconds. Repeats of a message already waiting are dropped, so five requests
 * failing with the same 401 make one dialog.
 */
export function FeedbackHost({ queryClient }: { queryClient: QueryClient }) {
  const [dialogs, setDialogs] = useState<Message[]>([]);
  const [notices, setNotices] = useState<Message[]>([]);

  useEffect(() => {
    const enqueue =
      (setQueue: typeof setDialogs) =>
      (title: string, content: string): void =>
        setQueue((queue) =>
          queue.some((item) => item.title === title && item.content === content)
            ? queue
            : [...queue, { id: nextId++, title, content }],
        );
    const showNotice = enqueue(setNotices);
    return registerAppHandlers({
      showErrorDialog: enqueue(setDialogs),
      showErrorNotice: (content) => showNotice('', content),
      onSessionEnded: () => clearSessionCache(queryClient),
    });
  }, [queryClient]);

  const dialog = dialogs[0];
  return (
    <>
      {dialog && (
        <Suspense fallback={null}>
          <ErrorDialog
            key={dialog.id}
            title={dialog.title}
            content={dialog.content}
            onClosed={() => setDialogs((queue) => queue.slice(1))}
          />
        </Suspense>
      )}
      {notices.length > 0 && (
        <div className="notices">
          {notices.map((notice) => (
            <Notice
              key={notice.id}
              message={notice}
              onDismiss={() => setNotices((queue) => queue.filter((item) => item.id !== notice.id))}
            />
          ))}
        </div>
      )}
    </>
  );
}
