import { useCallback } from 'react';
import { useLocation } from 'react-router';
import { http } from './http.ts';
import { getUserLocation } from './geolocation.ts';
import { session } from './session.ts';

/** The user-location header name; kept literal so the entry chunk does not import zod through contracts/insights. */
export const USER_LOCATION_HEADER = 'User-Location';

export interface ClickInteraction {
  page_name: string;
  button_name: string;
  data_id?: string | number | null;
}

/**
 * Page names are recorded in the route path form, one way for every page: "/user-interaction", "/faq", "/" (a name
 * given as "user-interaction" or "/faq/" is brought to that form; query and hash are left out).
 */
export function routePathForm(name: string): string {
  const path = name.trim().split(/[?#]/)[0] ?? '';
  const withSlash = path.startsWith('/') ? path : `/${path}`;
  return withSlash.length > 1 ? withSlash.replace(/\/+$/, '') || '/' : withSlash;
}

/** POST /user-interaction/store; failures are only logged (spec section 7). */
export async function trackClick(click: ClickInteraction): Promise<void> {
  try {
    const location = await getUserLocation();
    await http.post(
      '/user-interaction/store',
      {
        data_id: click.data_id ?? null,
        page_name: routePathForm(click.page_name),
        interaction_type: 'click',
        button_name: click.button_name,
        user_id: session.userId ?? session.userData?.id ?? null,
      },
      { [USER_LOCATION_HEADER]: JSON.stringify(location) },
    );
  } catch (err) {
    console.warn('interaction not stored', err);
  }
}

/** `const track = useTrackClick(); track('Sign In')`: page_name is the current route path unless given. */
export function useTrackClick(pageName?: string): (buttonName: string, dataId?: string | number | null) => void {
  const { pathname } = useLocation();
  const page = pageName ?? pathname;
  return useCallback((buttonName, dataId) => void trackClick({ page_name: page, button_name: buttonName, data_id: dataId ?? null }), [page]);
}
