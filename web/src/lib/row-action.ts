import { useState } from 'react';
import { notify } from './notify.ts';

/**
 * One action at a time on a list's rows (activate, deactivate ...): which row is busy (its button stays focusable),
 * the server's answer told as a toast, then `onDone` (the list reads again); a refusal is told in its own words.
 */
export function useRowAction(onDone: () => void) {
  const [busy, setBusy] = useState<string | null>(null);
  const run = async (id: string, act: () => Promise<{ message?: string }>, failure: string) => {
    setBusy(id);
    try {
      const answer = await act();
      notify.success(answer.message ?? 'Saved.');
      onDone();
    } catch (error) {
      notify.error(error instanceof Error ? error.message : failure);
    } finally {
      setBusy(null);
    }
  };
  return { busy, run };
}
