import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';
import { MAIN_ID } from './SkipLink.tsx';

/** How long a page may take to show its heading, and how long focus is kept from being pulled back (a closing drawer). */
const SETTLE_MS = 2000;

function mainElement(): HTMLElement | null {
  return document.getElementById(MAIN_ID);
}

/** The page chose where focus goes (an autofocused field): leave it there. */
function pageHasFocus(main: HTMLElement): boolean {
  const active = document.activeElement;
  return active instanceof HTMLElement && active !== main && main.contains(active);
}

/** How the user last acted: a route change they made with the pointer focuses the heading without a ring. */
let lastInput: 'keyboard' | 'pointer' = 'pointer';
let tracking = false;
function trackInputModality(): void {
  if (tracking) return;
  tracking = true;
  document.addEventListener('keydown', () => (lastInput = 'keyboard'), true);
  // Fluent's focus manager (tabster, controlTab) handles Tab itself and stops its keydown: its keyup still arrives.
  document.addEventListener('keyup', (e) => e.key === 'Tab' && (lastInput = 'keyboard'), true);
  document.addEventListener('pointerdown', () => (lastInput = 'pointer'), true);
}

/**
 * Focuses the new page's heading. After a keyboard action the browser's :focus-visible ring shows where the user is;
 * after a click (or a navigation nobody typed, like the end of sign-in) no dark box flashes around the heading: the
 * outline is held off until focus leaves it.
 */
function focusQuietly(target: HTMLElement): void {
  if (lastInput === 'pointer' && target.style.outline === '') {
    target.style.outline = 'none';
    target.addEventListener('blur', () => target.style.removeProperty('outline'), { once: true });
  }
  target.focus({ preventScroll: true });
}

function focusTarget(main: HTMLElement): HTMLElement {
  const heading = main.querySelector<HTMLElement>('h1');
  if (!heading) return main;
  if (!heading.hasAttribute('tabindex')) heading.tabIndex = -1;
  return heading;
}

/**
 * After a route change (not the first load), focus moves to the new page's h1 (or <main> when it has none), so a
 * keyboard or screen-reader user starts on the new page instead of the link they left or <body>. A page that put
 * focus inside itself keeps it. For a short while focus that is pulled out of <main> without the user pressing a key
 * or the pointer (a closing menu drawer handing it back to "Open menu") is brought back to the heading. The focus
 * ring shows only when the keyboard moved there (see focusQuietly).
 */
export function useFocusOnNavigation(): void {
  const { pathname } = useLocation();
  const first = useRef(true);
  useEffect(trackInputModality, []);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    let target: HTMLElement | null = null;
    let userActed = false;
    const place = () => {
      const main = mainElement();
      if (!main || pageHasFocus(main)) return true;
      const next = focusTarget(main);
      if (next === main && Date.now() < deadline) return false; // the heading may still be on its way
      target = next;
      focusQuietly(next);
      return true;
    };
    const deadline = Date.now() + SETTLE_MS;
    const observer = new MutationObserver(() => {
      if (place()) observer.disconnect();
    });
    if (!place()) observer.observe(document.body, { childList: true, subtree: true });
    const fallback = setTimeout(() => {
      observer.disconnect();
      if (!target) place();
    }, SETTLE_MS);

    const acted = () => {
      userActed = true;
    };
    const onFocusIn = (e: FocusEvent) => {
      const main = mainElement();
      if (userActed || !target || !main || !target.isConnected) return;
      if (e.target instanceof Node && !main.contains(e.target)) focusQuietly(target);
    };
    document.addEventListener('keydown', acted, true);
    // A Tab's keydown is stopped by tabster when a tabbable follows; its keyup is not (the keyup of the Enter that
    // brought the user here is not an action on this page).
    const tabbed = (e: KeyboardEvent) => e.key === 'Tab' && acted();
    document.addEventListener('keyup', tabbed, true);
    document.addEventListener('pointerdown', acted, true);
    document.addEventListener('focusin', onFocusIn);
    const stopGuard = setTimeout(() => document.removeEventListener('focusin', onFocusIn), SETTLE_MS);
    return () => {
      observer.disconnect();
      clearTimeout(fallback);
      clearTimeout(stopGuard);
      document.removeEventListener('keydown', acted, true);
      document.removeEventListener('keyup', tabbed, true);
      document.removeEventListener('pointerdown', acted, true);
      document.removeEventListener('focusin', onFocusIn);
    };
  }, [pathname]);
}
