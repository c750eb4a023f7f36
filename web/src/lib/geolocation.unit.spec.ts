import { describe, expect, it, vi } from 'vitest';
import { getUserLocation } from './geolocation.ts';

describe('getUserLocation', () => {
  it('answers the coordinates', async () => {
    const geo = { getCurrentPosition: (ok: PositionCallback) => ok({ coords: { latitude: 34.05, longitude: -118.24 } } as GeolocationPosition) };
    await expect(getUserLocation(geo)).resolves.toEqual({ latitude: 34.05, longitude: -118.24 });
  });
  it('answers null on denial and without support', async () => {
    const geo = { getCurrentPosition: (_: PositionCallback, fail?: PositionErrorCallback | null) => fail?.({ code: 1 } as GeolocationPositionError) };
    await expect(getUserLocation(geo)).resolves.toBeNull();
    await expect(getUserLocation(undefined)).resolves.toBeNull();
  });
  it('answers null after the 5 s time-out', async () => {
    vi.useFakeTimers();
    const pending = getUserLocation({ getCurrentPosition: () => undefined });
    await vi.advanceTimersByTimeAsync(5000);
    await expect(pending).resolves.toBeNull();
    vi.useRealTimers();
  });
});
