import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, useLocation } from 'react-router';
import { AppProviders } from '../app/providers.tsx';
import { AppRoutes } from '../app/routes.tsx';
import { createQueryClient } from '../lib/query-client.ts';

/** The whole app at `path`, as a student's browser would show it, with a fresh cache. */
export function renderApp(path: string) {
  const queryClient = createQueryClient({ retry: false });
  const current = { pathname: path };

  function LocationProbe() {
    current.pathname = useLocation().pathname;
    return null;
  }

  const user = userEvent.setup();
  const view = render(
    <AppProviders queryClient={queryClient}>
      <MemoryRouter initialEntries={[path]}>
        <AppRoutes />
        <LocationProbe />
      </MemoryRouter>
    </AppProviders>,
  );
  return { ...view, queryClient, user, pathname: () => current.pathname };
}
