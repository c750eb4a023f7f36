/**
 * Paint first, then start the app. A public page arrives server-rendered (its HTML is the largest paint), so nothing
 * here is needed for the first paint: the app's JavaScript (start.tsx and what it imports) is fetched only after the
 * browser has painted what it has, and then hydrates it. A hidden tab paints nothing: it starts at once.
 */
const painted = (): Promise<void> =>
  document.visibilityState === 'hidden'
    ? Promise.resolve()
    : new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));

await painted();
await import('./start.tsx');

export {};
