import type { ReactNode } from 'react';
import { Text, makeStyles, tokens } from '@fluentui/react-components';

const useStyles = makeStyles({
  set: { border: 'none', margin: 0, padding: 0, minWidth: 0, display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS },
  legend: { padding: 0, fontWeight: tokens.fontWeightSemibold, fontSize: tokens.fontSizeBase300, marginBlockEnd: tokens.spacingVerticalXS },
  required: { color: tokens.colorPaletteRedForeground1, paddingInlineStart: tokens.spacingHorizontalXS },
  error: { color: tokens.colorPaletteRedForeground1 },
});

/** A labelled group of controls (a fieldset) with its validation message, for what Fluent's Field cannot wrap. */
export function FieldGroup({ label, required, error, children }: { label: string; required?: boolean; error?: string | null; children: ReactNode }) {
  const s = useStyles();
  return (
    <fieldset className={s.set}>
      <legend className={s.legend}>
        {label}
        {required && (
          <span className={s.required} aria-hidden="true">
            *
          </span>
        )}
      </legend>
      {children}
      {error && (
        <Text role="alert" size={200} className={s.error}>
          {error}
        </Text>
      )}
    </fieldset>
  );
}
