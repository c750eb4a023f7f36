import { useState, type FormEvent } from 'react';
import { Button, Field, Input, MessageBar, MessageBarBody, Switch, Text, Textarea, makeStyles, tokens } from '@fluentui/react-components';
import { ReportTypeBody, type ReportType } from '@acpg/contracts/nhd';
import { formatCents } from '../../../lib/money.ts';
import { notify } from '../../../lib/notify.ts';
import { ErrorState, LoadingBlock } from '../../../components/PageState.tsx';
import { SimpleDialog } from '../../../components/SimpleDialog.tsx';
import { saveReportType, useReportTypes } from '../api/nhd.ts';

const useStyles = makeStyles({
  list: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS, margin: 0, padding: 0, listStyleType: 'none' },
  item: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalM, flexWrap: 'wrap', padding: tokens.spacingHorizontalS, borderRadius: tokens.borderRadiusMedium, backgroundColor: tokens.colorNeutralBackground2 },
  grow: { flex: '1 1 200px', display: 'flex', flexDirection: 'column', minWidth: 0 },
  form: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  input: { minWidth: 0, width: '100%' },
});

type Draft = { name: string; description: string; price: string; is_active: boolean };
const draftOf = (t: ReportType): Draft => ({ name: t.name, description: t.description, price: (t.price_cents / 100).toFixed(2), is_active: t.is_active });

/** Super Admins: the report types and their prices (a change reaches orders placed from then on). */
export function ReportTypesDialog({ onClose }: { onClose: () => void }) {
  const s = useStyles();
  const types = useReportTypes(true);
  const [editing, setEditing] = useState<{ code: number; draft: Draft } | null>(null);
  const [errors, setErrors] = useState<Partial<Record<'name' | 'description' | 'price_cents', string>>>({});
  const [saving, setSaving] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  const save = async (e: FormEvent) => {
    e.preventDefault();
    if (!editing || saving) return;
    const price = editing.draft.price.trim();
    const cents = /^\d+(\.\d{1,2})?$/.test(price) ? Math.round(Number(price) * 100) : Number.NaN;
    const parsed = ReportTypeBody.safeParse({ name: editing.draft.name, description: editing.draft.description, price_cents: cents, is_active: editing.draft.is_active });
    if (!parsed.success) {
      const next: typeof errors = {};
      for (const issue of parsed.error.issues) next[issue.path[0] as keyof typeof errors] ??= Number.isNaN(cents) && issue.path[0] === 'price_cents' ? 'Enter the price in dollars, like 49.00' : issue.message;
      return setErrors(next);
    }
    setSaving(true);
    setFailure(null);
    try {
      await saveReportType(editing.code, parsed.data);
      notify.success(`${parsed.data.name} saved. The price applies to orders placed from now on.`);
      setEditing(null);
      setErrors({});
      types.reload();
    } catch (error) {
      setFailure(error instanceof Error ? error.message : 'The report type could not be saved. Try again.');
    } finally {
      setSaving(false);
    }
  };
  const nextCode = Math.max(-1, ...(types.data?.items.map((t) => t.code) ?? [])) + 1;
  const set = (patch: Partial<Draft>) => setEditing((x) => (x ? { ...x, draft: { ...x.draft, ...patch } } : x));

  return (
    <SimpleDialog
      onDismiss={onClose}
      title="Report types and prices"
      actions={
        editing ? (
          <>
            <Button type="submit" form="report-type-form" appearance="primary" disabledFocusable={saving}>
              {saving ? 'Saving…' : 'Save'}
            </Button>
            <Button onClick={() => (setEditing(null), setErrors({}), setFailure(null))}>Back to the list</Button>
          </>
        ) : (
          <>
            <Button onClick={() => setEditing({ code: nextCode, draft: { name: '', description: '', price: '', is_active: true } })}>Add a report type</Button>
            <Button appearance="primary" onClick={onClose}>
              Done
            </Button>
          </>
        )
      }
    >
      {types.status === 'error' ? (
        <ErrorState title="The report types could not be loaded" message={types.error} onRetry={types.reload} />
      ) : !types.data ? (
        <LoadingBlock label="Loading the report types" lines={3} />
      ) : editing ? (
        <form id="report-type-form" className={s.form} onSubmit={(e) => void save(e)} noValidate aria-label={`Report type ${editing.code}`}>
          {failure && (
            <MessageBar intent="error">
              <MessageBarBody>{failure}</MessageBarBody>
            </MessageBar>
          )}
          <Field label="Name" required validationMessage={errors.name ?? null}>
            <Input className={s.input} value={editing.draft.name} onChange={(_, d) => set({ name: d.value })} />
          </Field>
          <Field label="Description" required validationMessage={errors.description ?? null}>
            <Textarea value={editing.draft.description} onChange={(_, d) => set({ description: d.value })} resize="vertical" />
          </Field>
          <Field label="Price (USD)" required validationMessage={errors.price_cents ?? null} hint="Orders placed from now on pay this price.">
            <Input className={s.input} inputMode="decimal" contentBefore="$" value={editing.draft.price} onChange={(_, d) => set({ price: d.value })} />
          </Field>
          <Switch label="Offered to customers" checked={editing.draft.is_active} onChange={(_, d) => set({ is_active: d.checked })} />
        </form>
      ) : (
        <ul className={s.list} aria-label="Report types">
          {types.data.items.map((t) => (
            <li key={t.code} className={s.item}>
              <div className={s.grow}>
                <Text weight="semibold">
                  {t.code}. {t.name}: {formatCents(t.price_cents)}
                  {t.is_active ? '' : ' (not offered)'}
                </Text>
                <Text size={200}>{t.description}</Text>
              </div>
              <Button size="small" onClick={() => setEditing({ code: t.code, draft: draftOf(t) })} aria-label={`Edit ${t.name}`}>
                Edit
              </Button>
            </li>
          ))}
        </ul>
      )}
    </SimpleDialog>
  );
}
