import { describe, expect, it } from 'vitest';
import { pinProblem } from './pin-rules.ts';
import { PinBody } from './sign-up.ts';

describe('security PIN rules', () => {
  it.each(['0000', '1111', '999999', '1234', '4321', '98765', '890123', '123456', '1212', '121212', '6969', '2580', '654321'])('refuses %s as too easy to guess', (pin) => {
    expect(pinProblem(pin)).toMatch(/too easy to guess/);
    expect(PinBody.safeParse({ pin }).success).toBe(false);
  });

  it.each(['2468', '482913', '7315', '90210', '1357'])('accepts %s', (pin) => {
    expect(pinProblem(pin)).toBeNull();
    expect(PinBody.parse({ pin })).toEqual({ pin });
  });

  it.each(['', '123', '1234567', '12a4', ' 2468'])('refuses %j as not 4 to 6 digits', (pin) => {
    expect(pinProblem(pin)).toBe('Use 4 to 6 digits');
    expect(PinBody.safeParse({ pin }).error?.issues[0]?.message).toBe('Use 4 to 6 digits');
  });
});
