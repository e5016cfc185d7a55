import './lib/zod-jitless.ts';
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app.tsx';
import { preloadMatchedRoutes } from './app/lazy-page.ts';
import { routes } from './app/routes.tsx';
import { createQueryClient } from './lib/query-client.ts';
import { meQueryOptions } from './lib/session.ts';
import './app/styles.css';

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

// Who is signed in and the chunks of this address's layout and page, asked for together rather
// than one after the other as the guards render.
const queryClient = createQueryClient();
void queryClient.prefetchQuery(meQueryOptions());
preloadMatchedRoutes(routes, window.location.pathname);

// A transition: the first render yields to the browser every few milliseconds instead of holding
// the main thread in one long task (Lighthouse's blocking time).
startTransition(() => {
  createRoot(container).render(
    <StrictMode>
      <App queryClient={queryClient} />
    </StrictMode>,
  );
});
