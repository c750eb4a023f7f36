import { createBrowserRouter, matchRoutes, type RouteObject } from 'react-router';
import type { Capability } from '@acpg/contracts/role-permissions';
import { APP_ROUTES, type AppRoute } from './routes.ts';
import { RootLayout } from './layouts/RootLayout.tsx';
import { PublicLayout } from './layouts/PublicLayout.tsx';
import { RequireUser } from './routes/RequireUser.tsx';
import { NotFoundPage } from './routes/NotFoundPage.tsx';
import { RouteError } from './routes/RouteError.tsx';
import { LoadingSpinner } from '../components/PageState.tsx';

export interface RouteHandle {
  title: string;
  capability?: Capability;
}

function toRouteObject(route: AppRoute): RouteObject {
  const handle: RouteHandle = { title: route.title, ...(route.capability ? { capability: route.capability } : {}) };
  return {
    path: route.path,
    handle,
    lazy: async () => ({ Component: (await route.load()).default }),
  };
}

const byAccess = (access: AppRoute['access']) => APP_ROUTES.filter((r) => r.access === access).map(toRouteObject);

export const routes: RouteObject[] = [
  {
    Component: RootLayout,
    ErrorBoundary: RouteError,
    HydrateFallback: () => <LoadingSpinner />,
    children: [
      {
        Component: PublicLayout,
        children: [
          ...byAccess('public'),
          {
            // One sign-in flow (an XState actor) shared by the password, channel and code screens.
            lazy: async () => ({ Component: (await import('../features/auth/components/SignInFlow.tsx')).SignInFlow }),
            children: byAccess('sign-in'),
          },
          {
            // One sign-up wizard (an XState actor) from the account details to the PIN.
            lazy: async () => ({ Component: (await import('../features/sign-up/components/SignUpFlow.tsx')).SignUpFlow }),
            children: byAccess('sign-up'),
          },
          { path: '*', Component: NotFoundPage, handle: { title: 'Page not found' } satisfies RouteHandle },
        ],
      },
      {
        Component: RequireUser,
        children: [
          {
            lazy: async () => ({ Component: (await import('./layouts/SignedInLayout.tsx')).SignedInLayout }),
            children: byAccess('protected'),
          },
        ],
      },
    ],
  },
];

/**
 * Loads the lazy routes the current URL matches before the router starts, so the first render of a server-rendered
 * page is the page itself (not the HydrateFallback) and hydrates against the server's HTML.
 */
export async function resolveLazyMatches(pathname: string): Promise<void> {
  const lazy = (matchRoutes(routes, pathname) ?? []).filter((m) => typeof m.route.lazy === 'function');
  await Promise.all(
    lazy.map(async ({ route }) => {
      const loaded = await (route.lazy as () => Promise<Partial<RouteObject>>)();
      Object.assign(route, { ...loaded, lazy: undefined });
    }),
  );
}

export const createAppRouter = () => createBrowserRouter(routes);
