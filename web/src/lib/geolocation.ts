import type { UserLocation } from '@acpg/contracts/insights';

export const LOCATION_TIMEOUT_MS = 5000;

type Geo = Pick<Geolocation, 'getCurrentPosition'>;

/** The user's position, or null on denial, no support or after 5 s (spec section 7). */
export function getUserLocation(geo: Geo | undefined = globalThis.navigator?.geolocation, timeoutMs = LOCATION_TIMEOUT_MS): Promise<UserLocation> {
  if (!geo) return Promise.resolve(null);
  return new Promise((resolve) => {
    let settled = false;
    const done = (value: UserLocation) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve(value);
    };
    const timer = setTimeout(() => done(null), timeoutMs);
    try {
      geo.getCurrentPosition(
        (pos) => done({ latitude: pos.coords.latitude, longitude: pos.coords.longitude }),
        () => done(null),
        { timeout: timeoutMs, maximumAge: 60_000 },
      );
    } catch {
      done(null);
    }
  });
}
