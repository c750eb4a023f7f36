/** The app itself: started by main.tsx once the page has painted. */
import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { createDOMRenderer, RendererProvider, SSRProvider } from '@fluentui/react-components';
import { App } from './app/App.tsx';
import { bootstrapSession } from './app/bootstrap.ts';
import { createAppRouter, resolveLazyMatches } from './app/router.tsx';
import { setNavigator } from './lib/navigation.ts';
import { readPreload } from './lib/preload.ts';

void bootstrapSession();

const container = document.getElementById('root')!;
// A public page the server rendered arrives with its HTML (and the data it was drawn from): hydrate it.
const serverRendered = container.firstElementChild !== null;
if (serverRendered) readPreload(document);
// The page's own lazy route first, so the first render is the page (the server's HTML), not a fallback.
await resolveLazyMatches(location.pathname).catch(() => undefined);

const router = createAppRouter();
setNavigator((path, options) => void router.navigate(path, options));

// Griffel's renderer picks up the style elements the server sent, so no class is inserted twice.
const app = (
  <StrictMode>
    <RendererProvider renderer={createDOMRenderer(document)} targetDocument={document}>
      <SSRProvider>
        <App router={router} />
      </SSRProvider>
    </RendererProvider>
  </StrictMode>
);
if (serverRendered) hydrateRoot(container, app);
else createRoot(container).render(app);
