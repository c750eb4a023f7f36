/** Polls until `check` returns a value other than undefined/false, or fails after the deadline with the last error. */
export const waitFor = async <T>(check: () => Promise<T | undefined | false> | T | undefined | false, { timeoutMs = 10_000, intervalMs = 25, what = 'condition' } = {}): Promise<T> => {
  const deadline = Date.now() + timeoutMs;
  let lastError: unknown;
  for (;;) {
    try {
      const value = await check();
      if (value !== undefined && value !== false) return value;
    } catch (error) {
      lastError = error;
    }
    if (Date.now() > deadline) {
      throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}${lastError instanceof Error ? `: ${lastError.message}` : ''}`);
    }
    await new Promise((r) => setTimeout(r, intervalMs));
  }
};
