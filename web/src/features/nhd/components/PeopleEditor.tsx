import { useImperativeHandle, useState, type FormEvent, type ReactNode, type Ref } from 'react';
import { Button, Field, Input, Select, Text, makeStyles, tokens } from '@fluentui/react-components';
import { DeleteRegular, EditRegular } from '@fluentui/react-icons';
import type { z } from 'zod';

const useStyles = makeStyles({
  list: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS, margin: 0, padding: 0, listStyleType: 'none' },
  item: {
    display: 'flex',
    alignItems: 'center',
    gap: tokens.spacingHorizontalM,
    flexWrap: 'wrap',
    padding: tokens.spacingHorizontalM,
    borderRadius: tokens.borderRadiusMedium,
    backgroundColor: tokens.colorNeutralBackground2,
  },
  who: { display: 'flex', flexDirection: 'column', flex: '1 1 220px', minWidth: 0, overflowWrap: 'anywhere' },
  form: { display: 'grid', gap: tokens.spacingHorizontalM, gridTemplateColumns: 'repeat(auto-fit, minmax(min(200px, 100%), 1fr))', alignItems: 'start' },
  actions: { display: 'flex', gap: tokens.spacingHorizontalS, gridColumn: '1 / -1', flexWrap: 'wrap' },
  input: { minWidth: 0, width: '100%' },
});

export interface PersonField<K extends string> {
  key: K;
  label: string;
  required?: boolean;
  type?: 'email' | 'text';
  autoComplete?: string;
  /** A choice from a list instead of free text. */
  options?: readonly { value: string; label: string }[];
}

/** What the step around the editor asks of it when the person moves on (Next). */
export interface PeopleEditorHandle<T> {
  /**
   * The list with what the form still holds added (someone filled it in and went on without "Add"), or the list as it
   * is when the form is blank; null when what the form holds is refused (its messages show under the fields).
   */
  commitPending(): T[] | null;
}

/**
 * A list of people (recipients, escrow users) with add, edit and remove: the form checks each entry against the
 * contract's schema (its messages under each field) and `extraCheck` (unique emails ...), keyboard friendly.
 */
export function PeopleEditor<K extends string, T extends Partial<Record<K, unknown>>>({
  items,
  onChange,
  fields,
  schema,
  describe,
  noun,
  max,
  extraCheck,
  empty,
  ref,
}: {
  items: readonly T[];
  onChange: (items: T[]) => void;
  fields: readonly PersonField<K>[];
  schema: z.ZodType<T>;
  describe: (item: T) => { title: string; detail: string };
  noun: string;
  max: number;
  extraCheck?: (item: T, others: readonly T[]) => { field: K; message: string } | null;
  empty: ReactNode;
  ref?: Ref<PeopleEditorHandle<T>>;
}) {
  const s = useStyles();
  const blank = Object.fromEntries(fields.map((f) => [f.key, f.options?.[0]?.value ?? ''])) as Record<K, string>;
  const [draft, setDraft] = useState<Record<K, string>>(blank);
  const [editing, setEditing] = useState<number | null>(null);
  const [errors, setErrors] = useState<Partial<Record<K, string>>>({});

  /** Adds (or saves) what the form holds: the new list, or null with the refusals shown under their fields. */
  const commit = (): T[] | null => {
    const refuse = (next: Partial<Record<K, string>>) => (setErrors(next), null);
    const raw = Object.fromEntries(Object.entries(draft).filter(([, v]) => v !== '')) as Record<string, unknown>;
    const parsed = schema.safeParse(raw);
    if (!parsed.success) {
      const next: Partial<Record<K, string>> = {};
      for (const issue of parsed.error.issues) {
        const key = String(issue.path[0]) as K;
        next[key] ??= issue.message;
      }
      return refuse(next);
    }
    const others = items.filter((_, i) => i !== editing);
    const extra = extraCheck?.(parsed.data, others);
    if (extra) return refuse({ [extra.field]: extra.message } as Partial<Record<K, string>>);
    if (editing === null && items.length >= max) return refuse({ [fields[0]?.key as K]: `At most ${max} ${noun}s` } as Partial<Record<K, string>>);
    const list = editing === null ? [...items, parsed.data] : items.map((item, i) => (i === editing ? parsed.data : item));
    onChange(list);
    setDraft(blank);
    setEditing(null);
    setErrors({});
    return list;
  };
  const submit = (e: FormEvent) => {
    e.preventDefault();
    commit();
  };
  // A choice that starts on its first option is no entry of its own: only typed text (or an edit) is pending.
  const pending = editing !== null || fields.some((f) => !f.options && (draft[f.key] ?? '').trim() !== '');
  useImperativeHandle(ref, () => ({ commitPending: () => (pending ? commit() : [...items]) }));
  const edit = (index: number) => {
    const item = items[index];
    if (!item) return;
    setEditing(index);
    setErrors({});
    setDraft(Object.fromEntries(fields.map((f) => [f.key, String(item[f.key] ?? '')])) as Record<K, string>);
  };

  return (
    <>
      {items.length === 0 ? (
        empty
      ) : (
        <ul className={s.list} aria-label={`${noun[0]?.toUpperCase()}${noun.slice(1)}s`}>
          {items.map((item, index) => {
            const { title, detail } = describe(item);
            return (
              <li key={`${title}-${index}`} className={s.item}>
                <div className={s.who}>
                  <Text weight="semibold">{title}</Text>
                  <Text size={200}>{detail}</Text>
                </div>
                <Button size="small" icon={<EditRegular />} onClick={() => edit(index)} aria-label={`Edit ${title}`}>
                  Edit
                </Button>
                <Button size="small" icon={<DeleteRegular />} onClick={() => onChange(items.filter((_, i) => i !== index))} aria-label={`Remove ${title}`}>
                  Remove
                </Button>
              </li>
            );
          })}
        </ul>
      )}
      <form className={s.form} onSubmit={submit} noValidate aria-label={editing === null ? `Add a ${noun}` : `Edit the ${noun}`}>
        {fields.map((f) => (
          <Field key={f.key} label={f.label} required={f.required} validationMessage={errors[f.key] ?? null} validationState={errors[f.key] ? 'error' : 'none'}>
            {f.options ? (
              <Select value={draft[f.key]} onChange={(_, d) => setDraft((x) => ({ ...x, [f.key]: d.value }))}>
                {f.options.map((o) => (
                  <option key={o.value} value={o.value}>
                    {o.label}
                  </option>
                ))}
              </Select>
            ) : (
              <Input
                className={s.input}
                type={f.type ?? 'text'}
                autoComplete={f.autoComplete ?? 'off'}
                value={draft[f.key]}
                onChange={(_, d) => setDraft((x) => ({ ...x, [f.key]: d.value }))}
              />
            )}
          </Field>
        ))}
        <div className={s.actions}>
          <Button type="submit" appearance={items.length === 0 ? 'primary' : 'secondary'}>
            {editing === null ? `Add ${noun}` : `Save ${noun}`}
          </Button>
          {editing !== null && (
            <Button
              onClick={() => {
                setEditing(null);
                setDraft(blank);
                setErrors({});
              }}
            >
              Cancel edit
            </Button>
          )}
        </div>
      </form>
    </>
  );
}
