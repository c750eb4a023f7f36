import { useEffect, useSyncExternalStore, type RefObject } from 'react';

/** Spec section 9. */
export const BREAKPOINTS = { xs: 0, sm: 600, md: 900, lg: 1200, xl: 1536 } as const;
export const SIDE_MENU_WIDTH = 260;
export const CONTENT_MAX_WIDTH = 1440;
export const SCROLL_TOP_THRESHOLD = 400;
/** The attribute on the sticky bar of each layout (public header, signed-in top bar, `<header data-top-bar>`): toasts go below it. */
export const TOP_BAR_ATTRIBUTE = 'data-top-bar';

/** True at and above a breakpoint. */
export function useUpFrom(breakpoint: keyof typeof BREAKPOINTS): boolean {
  const query = `(min-width: ${BREAKPOINTS[breakpoint]}px)`;
  return useSyncExternalStore(
    (onChange) => {
      const mql = window.matchMedia(query);
      mql.addEventListener('change', onChange);
      return () => mql.removeEventListener('change', onChange);
    },
    () => window.matchMedia(query).matches,
    () => true,
  );
}

/**
 * Keeps the page's scroll-padding-top at the sticky bar's height (it changes with the width: the bar's items wrap),
 * so an element scrolled into view by focus (Tab after "Skip to main content", a field after a refused form) is not
 * left under the bar.
 */
export function useScrollPaddingBelow(bar: RefObject<HTMLElement | null>): void {
  useEffect(() => {
    const el = bar.current;
    if (!el) return;
    const root = document.documentElement;
    const update = () => root.style.setProperty('scroll-padding-top', `${Math.ceil(el.getBoundingClientRect().height)}px`);
    update();
    const observer = new ResizeObserver(update);
    observer.observe(el);
    return () => {
      observer.disconnect();
      root.style.removeProperty('scroll-padding-top');
    };
  }, [bar]);
}
