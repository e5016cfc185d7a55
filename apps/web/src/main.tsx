import './lib/zod-jitless.ts';
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app.tsx';
import { preloadMatchedRoutes } from './app/lazy-page.ts';
import { routes } from './app/routes.tsx';
import { inNextTask } from './lib/next-task.ts';
import { createQueryClient } from './lib/query-client.ts';
import { meQueryOptions } from './lib/session.ts';
import './app/styles.css';

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

// Who is signed in and the chunks of this address's layout and page, asked for together rather
// than one after the other as the guards render; the page's own reads start as soon as the
// session is known, while its chunk still loads. The session is asked for at once; the chunks in
// the next task, before the first render: evaluating the app's modules is task enough.
const queryClient = createQueryClient();
const isSignedIn = queryClient.fetchQuery(meQueryOptions()).then(
  (user) => user !== null,
  () => false,
);
const address = { pathname: window.location.pathname, search: window.location.search };
inNextTask(() =>
  preloadMatchedRoutes(routes, address.pathname, (data) => {
    void isSignedIn.then((signedIn) => {
      if (signedIn) data.prefetchPageData(queryClient, address);
    });
  }),
);

// A transition: the first render yields to the browser every few milliseconds instead of holding
// the main thread in one long task (Lighthouse's blocking time). The root itself (its event
// listeners) is made in a task of its own too, after the routes' task.
inNextTask(() =>
  startTransition(() => {
    createRoot(container).render(
      <StrictMode>
        <App queryClient={queryClient} />
      </StrictMode>,
    );
  }),
);
