import { useState } from 'react';
import { BrowserRouter } from 'react-router';
import type { QueryClient } from '@tanstack/react-query';
import { createQueryClient } from '../lib/query-client.ts';
import { AppProviders } from './providers.tsx';
import { AppRoutes } from './routes.tsx';

export function App({ queryClient: given }: { queryClient?: QueryClient }) {
  const [queryClient] = useState(() => given ?? createQueryClient());
  return (
    <AppProviders queryClient={queryClient}>
      <BrowserRouter>
        <AppRoutes />
      </BrowserRouter>
    </AppProviders>
  );
}
