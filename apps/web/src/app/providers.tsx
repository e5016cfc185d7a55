import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { i18n } from '../lib/i18n.ts';
import { FeedbackHost } from './feedback-host.tsx';

/**
 * The app's providers. Ant Design's ConfigProvider is not among them: it wraps each lazy page and
 * layout (app/antd-scope.tsx), so the login page loads without Ant Design.
 */
export function AppProviders({
  queryClient,
  children,
}: {
  queryClient: QueryClient;
  children: ReactNode;
}) {
  return (
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={queryClient}>
        <FeedbackHost queryClient={queryClient} />
        {children}
      </QueryClientProvider>
    </I18nextProvider>
  );
}
