import { describe, expect, it } from 'vitest';
import { placeToasts, toastPosition, TOAST_EDGE } from './toast-place.ts';

const toasts = { width: 292, height: 72 };
const bar = 64;

describe('where the toasts sit', () => {
  it('bottom-end on wide windows, along the bottom on phones', () => {
    expect(toastPosition(1440)).toBe('bottom-end');
    expect(toastPosition(900)).toBe('bottom-end');
    expect(toastPosition(375)).toBe('bottom');
  });

  it("at the window's foot, so a list's headings and sort buttons at the top stay free", () => {
    for (const width of [1440, 900, 375]) {
      const place = placeToasts({ window: { width, height: 900 }, toasts, focused: null, barBottom: bar });
      expect(place.bottom).toBe(TOAST_EDGE);
      // The stack's top edge lies in the window's lower part, well below a table's headings.
      expect(900 - place.bottom - toasts.height).toBeGreaterThan(700);
    }
  });

  it('stays at the foot when the control in use is elsewhere (the Export button just pressed, top right)', () => {
    const exportButton = { top: 80, left: 1300, width: 100, height: 32 };
    expect(placeToasts({ window: { width: 1440, height: 900 }, toasts, focused: exportButton, barBottom: bar }).bottom).toBe(TOAST_EDGE);
  });

  it("moves just above the control in use when the foot would cover it (the pager's Next at the window's foot)", () => {
    const next = { top: 850, left: 1300, width: 80, height: 32 };
    const place = placeToasts({ window: { width: 1440, height: 900 }, toasts, focused: next, barBottom: bar });
    const top = 900 - place.bottom - toasts.height;
    expect(top + toasts.height).toBeLessThanOrEqual(next.top);
    expect(top).toBeGreaterThan(bar);
  });

  it('on a phone the toasts span the middle: a field at the foot pushes them above it', () => {
    const field = { top: 820, left: 16, width: 343, height: 40 };
    const place = placeToasts({ window: { width: 375, height: 900 }, toasts, focused: field, barBottom: bar });
    expect(place.position).toBe('bottom');
    expect(900 - place.bottom).toBeLessThanOrEqual(field.top);
  });

  it('a control on the left of a wide window does not move them (they sit at the right)', () => {
    const left = { top: 850, left: 280, width: 120, height: 32 };
    expect(placeToasts({ window: { width: 1440, height: 900 }, toasts, focused: left, barBottom: bar }).bottom).toBe(TOAST_EDGE);
  });
});
