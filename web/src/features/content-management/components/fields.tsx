import type { ReactNode } from 'react';
import { Field, Input, Textarea, makeStyles, tokens } from '@fluentui/react-components';
import { fieldState } from '../../../lib/field-state.ts';

export interface FormProps<B> {
  value: B;
  onChange: (next: B) => void;
  /** Field errors by dotted path (`hero.heading`). */
  errors: Record<string, string>;
}

export const useFormStyles = makeStyles({
  form: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalL, maxWidth: '860px' },
  group: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalM,
    border: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke2}`,
    borderRadius: tokens.borderRadiusMedium,
    padding: tokens.spacingHorizontalL,
    margin: 0,
    minWidth: 0,
  },
  legend: { fontWeight: tokens.fontWeightSemibold, fontSize: tokens.fontSizeBase400, paddingInline: tokens.spacingHorizontalXS },
  row: { display: 'grid', gap: tokens.spacingHorizontalL, gridTemplateColumns: 'repeat(auto-fit, minmax(240px, 1fr))' },
});

/** A group of fields with its visible name (a fieldset and legend). */
export function Group({ legend, children }: { legend: string; children: ReactNode }) {
  const s = useFormStyles();
  return (
    <fieldset className={s.group}>
      <legend className={s.legend}>{legend}</legend>
      {children}
    </fieldset>
  );
}

export interface TextProps {
  label: string;
  value: string;
  onChange: (value: string) => void;
  error?: string | undefined;
  hint?: string;
  required?: boolean;
  multiline?: boolean;
  maxLength?: number;
  type?: 'text' | 'email' | 'tel';
}

/** One text field (a line, or several with `multiline`), its error from the form's errors. */
export function TextField({ label, value, onChange, error, hint, required, multiline, maxLength, type = 'text' }: TextProps) {
  return (
    <Field label={label} required={required} hint={hint} {...fieldState(error)}>
      {multiline ? (
        <Textarea value={value} onChange={(_, d) => onChange(d.value)} resize="vertical" maxLength={maxLength} />
      ) : (
        <Input value={value} type={type} onChange={(_, d) => onChange(d.value)} maxLength={maxLength} />
      )}
    </Field>
  );
}

/** Title and description of a page for the browser tab and search engines. */
export function PageMetaFields<B extends { title: string; description: string }>({ value, onChange, errors }: FormProps<B>) {
  return (
    <Group legend="Search engines and browser tab">
      <TextField label="Page title" required maxLength={70} value={value.title} error={errors.title} onChange={(title) => onChange({ ...value, title })} />
      <TextField
        label="Description"
        required
        multiline
        maxLength={170}
        hint="Up to 170 characters, shown under the title in search results."
        value={value.description}
        error={errors.description}
        onChange={(description) => onChange({ ...value, description })}
      />
    </Group>
  );
}
