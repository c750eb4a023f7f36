import { forwardRef, useEffect, useImperativeHandle, useRef } from 'react';
import type {} from 'altcha/types/react';

/** The API answers in its envelope ({ success, data }); the widget wants the bare challenge. */
async function fetchChallenge(input: RequestInfo | URL, init?: RequestInit): Promise<Response> {
  const res = await fetch(input, { ...init, credentials: 'same-origin' });
  if (!res.ok) return res;
  const body = (await res.json()) as unknown;
  const challenge = body && typeof body === 'object' && 'success' in body && 'data' in body ? (body as { data: unknown }).data : body;
  return new Response(JSON.stringify(challenge), { status: 200, headers: { 'Content-Type': 'application/json' } });
}

let loading: Promise<void> | null = null;
/**
 * The widget's code, loaded in the browser only (it defines a custom element, which a server render has no use for).
 * Every widget fetches through the unwrapping fetch: set as a default as the element is defined, before anyone can
 * tick the box (`auto="off"`: a widget fetches its challenge only when ticked or asked to verify).
 */
const loadWidget = () =>
  (loading ??= import('altcha').then(() => {
    globalThis.$altcha?.defaults.set('fetch', fetchChallenge as typeof fetch);
  }));

export interface HumanCheckHandle {
  /** The solved challenge's payload, solving it first if the user has not ticked the box yet; null if it failed. */
  payload(): Promise<string | null>;
  reset(): void;
}

/**
 * The human check (DECISIONS.md: a self-hosted proof of work, nothing reaches a third party): the maintained ALTCHA
 * web component, fetching its challenge from our API (`challenge`: the full path, e.g. `/api/v1/auth/sign-up/challenge`).
 */
export const HumanCheck = forwardRef<HumanCheckHandle, { challenge: string; onVerified?: (verified: boolean) => void }>(function HumanCheck({ challenge, onVerified }, ref) {
  const widget = useRef<HTMLElement & { verify?: () => Promise<{ payload: string } | null>; reset?: () => void; getState?: () => string }>(null);
  const solved = useRef<string | null>(null);

  /** The solving the user started (ticking the box) ends in verified or error: its payload, or null. */
  const settled = () =>
    new Promise<string | null>((resolve) => {
      const el = widget.current;
      if (!el) return resolve(null);
      const onState = (e: Event) => {
        const { state, payload } = (e as CustomEvent<{ state: string; payload?: string }>).detail;
        if (state === 'verifying') return;
        el.removeEventListener('statechange', onState);
        resolve(state === 'verified' ? (payload ?? null) : null);
      };
      el.addEventListener('statechange', onState);
    });

  useEffect(() => {
    void loadWidget();
  }, []);

  useEffect(() => {
    const el = widget.current;
    if (!el) return;
    const onState = (e: Event) => {
      const detail = (e as CustomEvent<{ state: string; payload?: string }>).detail;
      solved.current = detail.state === 'verified' ? (detail.payload ?? null) : null;
      onVerified?.(detail.state === 'verified');
    };
    el.addEventListener('statechange', onState);
    return () => el.removeEventListener('statechange', onState);
  }, [onVerified]);

  useImperativeHandle(ref, () => ({
    async payload() {
      if (solved.current) return solved.current;
      // Already solving (the box was just ticked): wait for it instead of starting a second solve that aborts the first.
      await loadWidget();
      if (widget.current?.getState?.() === 'verifying') return settled();
      const result = await widget.current?.verify?.().catch(() => null);
      solved.current = result?.payload ?? null;
      return solved.current;
    },
    reset() {
      solved.current = null;
      widget.current?.reset?.();
    },
  }));

  return <altcha-widget ref={widget} challenge={challenge} name="captcha" type="checkbox" auto="off" />;
});
