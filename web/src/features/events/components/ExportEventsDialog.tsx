import { useState, type FormEvent } from 'react';
import { Combobox, Field, Input, MessageBar, MessageBarBody, Option, Radio, RadioGroup } from '@fluentui/react-components';
import type { EventExportFormat } from '@acpg/contracts/event-log';
import { FormDialog } from '../../../components/FormDialog.tsx';
import { downloadBlob } from '../../../lib/download.ts';
import { notify } from '../../../lib/notify.ts';
import { downloadEventExport, useEventTypes } from '../api/events.ts';

const today = () => new Date().toISOString().slice(0, 10);

/** The export: types (every type when none), a range of days (UTC, both included) and the format; a file downloads. */
export function ExportEventsDialog({ initialTypes, onDismiss }: { initialTypes: readonly string[]; onDismiss: () => void }) {
  const known = useEventTypes();
  const [types, setTypes] = useState<string[]>([...initialTypes]);
  const [from, setFrom] = useState(today);
  const [to, setTo] = useState(today);
  const [format, setFormat] = useState<EventExportFormat>('jsonl');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const rangeError = from && to && from > to ? 'From must be on or before To.' : null;

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (rangeError) return;
    setBusy(true);
    setError(null);
    try {
      const { blob, fileName } = await downloadEventExport({ format, types, from, to });
      if (!downloadBlob(blob, fileName)) notify.info('Nothing was downloaded.', 'No events in that range');
      else notify.success(fileName, 'Export downloaded');
      onDismiss();
    } catch (err) {
      setError(err instanceof Error ? err.message : 'The export could not be downloaded. Try again.');
    } finally {
      setBusy(false);
    }
  };

  return (
    <FormDialog title="Export events" busy={busy} onDismiss={onDismiss} onSubmit={(e) => void submit(e)} submitLabel="Download" cancelFirst>
      <Field label="Types" hint={types.length > 0 ? `${types.length} selected` : 'Every type'}>
        <Combobox multiselect placeholder="Any type" selectedOptions={types} onOptionSelect={(_, d) => setTypes(d.selectedOptions)} value={types.join(', ')}>
          {(known.data ?? []).map((t) => (
            <Option key={t.type} value={t.type} text={t.type}>
              {t.type}
            </Option>
          ))}
        </Combobox>
      </Field>
      <Field label="From (UTC day)" validationMessage={rangeError ?? undefined}>
        <Input type="date" value={from} onChange={(_, d) => setFrom(d.value)} />
      </Field>
      <Field label="To (UTC day, included)">
        <Input type="date" value={to} onChange={(_, d) => setTo(d.value)} />
      </Field>
      {error && (
        <MessageBar intent="error" role="alert">
          <MessageBarBody>{error}</MessageBarBody>
        </MessageBar>
      )}
      <Field label="Format">
        <RadioGroup value={format} onChange={(_, d) => setFormat(d.value === 'csv' ? 'csv' : 'jsonl')} layout="horizontal">
          <Radio value="jsonl" label="JSONL" />
          <Radio value="csv" label="CSV" />
        </RadioGroup>
      </Field>
    </FormDialog>
  );
}
