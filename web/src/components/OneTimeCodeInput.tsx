import { forwardRef } from 'react';
import { Input, makeStyles, tokens } from '@fluentui/react-components';

const useStyles = makeStyles({
  code: { fontSize: tokens.fontSizeBase500, letterSpacing: '0.4em' },
});

/** The 6-digit one-time code box of every code screen (sign-in, sign-up, reset, contact change): digits only, up to 6. */
export const OneTimeCodeInput = forwardRef<HTMLInputElement, { value: string; onChange: (code: string) => void }>(function OneTimeCodeInput(
  { value, onChange },
  ref,
) {
  const s = useStyles();
  return (
    <Input
      ref={ref}
      className={s.code}
      inputMode="numeric"
      autoComplete="one-time-code"
      maxLength={6}
      value={value}
      onChange={(_, d) => onChange(d.value.replace(/\D/g, '').slice(0, 6))}
    />
  );
});
