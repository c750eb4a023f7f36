import { useEffect, useSyncExternalStore, type RefObject } from 'react';
import { makeStaticStyles } from '@fluentui/react-components';

/** Spec section 9. */
export const BREAKPOINTS = { xs: 0, sm: 600, md: 900, lg: 1200, xl: 1536 } as const;
export const SIDE_MENU_WIDTH = 260;
export const CONTENT_MAX_WIDTH = 1440;
export const SCROLL_TOP_THRESHOLD = 400;
/** The attribute on the sticky bar of each layout (public header, signed-in top bar, `<header data-top-bar>`): toasts go below it. */
export const TOP_BAR_ATTRIBUTE = 'data-top-bar';
/** The attribute on a list's filter form (`FilterForm`): toasts do not cover it. */
export const FILTER_FORM_ATTRIBUTE = 'data-filter-form';

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

/** The sticky bar's height, kept by useScrollMarginBelow for the rule below. */
const BAR_HEIGHT_VARIABLE = '--top-bar-height';

/**
 * Everything but the bar and what is in it keeps that much room above it when scrolled into view. A scroll-padding-top
 * on the page would also count the bar's own controls as hidden under it: focusing one (a click focuses it too) then
 * scrolled the page by about 200 px, and "Scroll to top", which shows only past 400 px, could vanish between the
 * press and the release of its click.
 */
const useBarMarginStyles = makeStaticStyles(
  `*:not([${TOP_BAR_ATTRIBUTE}], [${TOP_BAR_ATTRIBUTE}] *) { scroll-margin-top: var(${BAR_HEIGHT_VARIABLE}, 0px); }`,
);

/**
 * Keeps the room above an element scrolled into view at the sticky bar's height (it changes with the width: the bar's
 * items wrap), so an element scrolled into view by focus (Tab after "Skip to main content", a field after a refused
 * form) is not left under the bar, while focusing the bar's own controls scrolls nothing.
 */
export function useScrollMarginBelow(bar: RefObject<HTMLElement | null>): void {
  useBarMarginStyles();
  useEffect(() => {
    const el = bar.current;
    if (!el) return;
    const root = document.documentElement;
    const update = () => root.style.setProperty(BAR_HEIGHT_VARIABLE, `${Math.ceil(el.getBoundingClientRect().height)}px`);
    update();
    const observer = new ResizeObserver(update);
    observer.observe(el);
    return () => {
      observer.disconnect();
      root.style.removeProperty(BAR_HEIGHT_VARIABLE);
    };
  }, [bar]);
}
