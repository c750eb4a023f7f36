import { useEffect } from 'react';
import { Outlet, ScrollRestoration, useMatches } from 'react-router';
import type { RouteHandle } from '../router.tsx';

const BRAND = 'ACPG';

/** Document title per route, so screen-reader users hear where they landed. */
export function RootLayout() {
  const matches = useMatches();
  const title = [...matches].reverse().map((m) => (m.handle as RouteHandle | undefined)?.title).find(Boolean);
  useEffect(() => {
    document.title = title ? `${title} · ${BRAND}` : BRAND;
  }, [title]);
  return (
    <>
      <Outlet />
      <ScrollRestoration />
    </>
  );
}
