/**
 * What makes a security PIN too easy to guess, without zod: contracts/sign-up.ts refuses it on the server and the web's
 * PIN step says so before sending. A PIN is 4 to 6 digits; refused are one digit repeated (0000), a run up or down
 * (1234, 98765), two digits taking turns (1212), and the PINs people choose most (from published PIN frequency studies).
 */
export const PIN_PATTERN = /^\d{4,6}$/;

const COMMON_PINS: ReadonlySet<string> = new Set([
  '1122', '1313', '2000', '2001', '2580', '4321', '6969', '1004', '7777', '1010', '1001', '0852', '5683', '1379', '1990',
  '112233', '121212', '123123', '654321', '696969', '159753', '147258', '258369', '101010', '111222',
]);

const isRepeated = (pin: string) => /^(\d)\1+$/.test(pin);
const isRun = (pin: string) => {
  const steps = new Set([...pin].slice(1).map((d, i) => (Number(d) - Number(pin[i]) + 10) % 10));
  return steps.size === 1 && (steps.has(1) || steps.has(9));
};
const isTakingTurns = (pin: string) => /^(\d)(\d)(\1\2)+\1?$/.test(pin);

/** Why a PIN is refused, in words for the person choosing it; null when it may be used. */
export const pinProblem = (pin: string): string | null => {
  if (!PIN_PATTERN.test(pin)) return 'Use 4 to 6 digits';
  if (isRepeated(pin) || isRun(pin) || isTakingTurns(pin) || COMMON_PINS.has(pin)) {
    return 'This PIN is too easy to guess. Avoid repeated digits (0000), runs (1234, 9876), pairs (1212) and common PINs.';
  }
  return null;
};
