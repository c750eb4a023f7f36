import { useEffect } from 'react';
import { Outlet, ScrollRestoration, useMatches } from 'react-router';
import type { RouteHandle } from '../router.tsx';
import { useFocusOnNavigation } from './route-focus.ts';
import { TestPaymentsBanner } from '../../features/payments/components/TestPaymentsBanner.tsx';

export const BRAND = 'ACPG';

/**
 * Document title per route, so screen-reader users hear where they landed; focus moves to the new page. Above every
 * page, the test-payments banner while the server runs the test gateway.
 */
export function RootLayout() {
  const matches = useMatches();
  const title = [...matches].reverse().map((m) => (m.handle as RouteHandle | undefined)?.title).find(Boolean);
  useFocusOnNavigation();
  useEffect(() => {
    // A page that renders its own <title> (the public pages, from their documents; on a server-rendered page it is the
    // only one) keeps it: only the shell's (index.html's `data-shell`) is the route's to set.
    if ([...document.head.querySelectorAll('title')].some((t) => !t.hasAttribute('data-shell'))) return;
    document.title = title ? `${title} · ${BRAND}` : BRAND;
  }, [title]);
  return (
    <>
      <TestPaymentsBanner />
      <Outlet />
      <ScrollRestoration />
    </>
  );
}
