import { useEffect, useRef, useState } from 'react';
import {
  Button, Dialog, DialogActions, DialogBody, DialogContent, DialogSurface, DialogTitle, Field, Input, MessageBar, MessageBarBody, MessageBarTitle, Spinner, Table, TableBody, TableCell,
  TableHeader, TableHeaderCell, TableRow, Text, makeStyles, tokens,
} from '@fluentui/react-components';
import { MAX_IMPORT_BYTES, RECORDING_COLUMNS, type ImportFormat, type ImportView } from '@acpg/contracts/equity';
import { useFocusFirstInvalid } from '../../../lib/focus.ts';
import { notify } from '../../../lib/notify.ts';
import { generateSample, importFile } from '../api/equity.ts';

const useStyles = makeStyles({
  surface: { maxWidth: 'min(720px, calc(100vw - 32px))' },
  content: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  code: { fontFamily: tokens.fontFamilyMonospace, fontSize: tokens.fontSizeBase200, overflowWrap: 'anywhere' },
  row: { display: 'flex', gap: tokens.spacingHorizontalM, alignItems: 'center', flexWrap: 'wrap' },
  scroller: { maxHeight: '320px', overflowY: 'auto' },
});

const formatOf = (name: string): ImportFormat | null => (/\.csv$/i.test(name) ? 'csv' : /\.(jsonl|ndjson)$/i.test(name) ? 'jsonl' : null);

/** The report of an import's refused rows (row numbers count data rows, the header not included). */
export function RefusedRows({ view }: { view: ImportView }) {
  const s = useStyles();
  if (view.refused_count === 0) return <Text>Every row was accepted.</Text>;
  return (
    <>
      <Text>
        {view.refused_count.toLocaleString('en-US')} row{view.refused_count === 1 ? ' was' : 's were'} refused
        {view.refused.length < view.refused_count ? ` (the first ${view.refused.length} are listed)` : ''}. Fix them and import those rows again.
      </Text>
      <div className={s.scroller} tabIndex={0} role="region" aria-label="Refused rows">
        <Table size="small" aria-label="Refused rows">
          <TableHeader>
            <TableRow>
              <TableHeaderCell>Row</TableHeaderCell>
              <TableHeaderCell>Why</TableHeaderCell>
            </TableRow>
          </TableHeader>
          <TableBody>
            {view.refused.map((r) => (
              <TableRow key={r.row}>
                <TableCell>{r.row}</TableCell>
                <TableCell>{r.errors.join('; ')}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </div>
    </>
  );
}

/** Import recorded documents from a CSV or JSONL file: checked row by row on the server, with the report shown here. */
export function ImportFileDialog({ onClose }: { onClose: () => void }) {
  const s = useStyles();
  const input = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<File | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<ImportView | null>(null);
  // Import goes away with the report: focus moves on to Done instead of dropping out of the dialog.
  const done = useRef<HTMLButtonElement>(null);
  const reported = result !== null;
  useEffect(() => {
    if (reported) done.current?.focus();
  }, [reported]);
  const choose = (f: File | undefined) => {
    setResult(null);
    if (!f) return;
    if (!formatOf(f.name)) return setError('Choose a .csv or .jsonl file.');
    if (f.size > MAX_IMPORT_BYTES) return setError('The file is larger than 25 MB. Split it and import the parts.');
    setError(null);
    setFile(f);
  };
  const upload = async () => {
    const format = file ? formatOf(file.name) : null;
    if (!file || !format) return setError('Choose the file to import.');
    setBusy(true);
    try {
      const r = await importFile(file, format);
      setResult(r.data);
      notify.success(r.message ?? 'Imported.');
    } catch (e) {
      setError(e instanceof Error ? e.message : 'The file could not be imported. Try again.');
    } finally {
      setBusy(false);
    }
  };
  return (
    <Dialog open onOpenChange={(_, d) => !d.open && onClose()}>
      <DialogSurface className={s.surface} aria-describedby={undefined}>
        <DialogBody>
          <DialogTitle>Import recorded documents</DialogTitle>
          <DialogContent className={s.content}>
            <Text>A CSV file with this header row, or a JSONL file with one object per line with these keys:</Text>
            <Text className={s.code}>{RECORDING_COLUMNS.join(',')}</Text>
            <Text size={200}>Document types: deed, grant_deed, quitclaim, deed_of_trust, lien, notice_of_default, reconveyance. Dates as YYYY-MM-DD; amounts in cents (may be empty). Up to 25 MB.</Text>
            <input ref={input} type="file" accept=".csv,.jsonl,.ndjson,text/csv,application/x-ndjson" hidden aria-label="Recordings file" onChange={(e) => choose(e.target.files?.[0])} />
            <div className={s.row}>
              <Button onClick={() => input.current?.click()} disabledFocusable={busy}>
                {file ? 'Choose another file' : 'Choose a file'}
              </Button>
              {file && <Text>{file.name}</Text>}
            </div>
            {error && (
              <MessageBar intent="error" role="alert">
                <MessageBarBody>{error}</MessageBarBody>
              </MessageBar>
            )}
            {result && (
              <MessageBar intent={result.refused_count > 0 ? 'warning' : 'success'}>
                <MessageBarBody>
                  <MessageBarTitle>
                    {result.accepted_count.toLocaleString('en-US')} of {result.row_count.toLocaleString('en-US')} rows imported
                  </MessageBarTitle>
                  Matching to protected properties runs now; the imports list shows the alerts it raised.
                </MessageBarBody>
              </MessageBar>
            )}
            {result && <RefusedRows view={result} />}
          </DialogContent>
          <DialogActions>
            {!result && (
              <Button appearance="primary" disabledFocusable={busy} icon={busy ? <Spinner size="tiny" /> : undefined} onClick={() => void upload()}>
                {busy ? 'Importing…' : 'Import'}
              </Button>
            )}
            <Button ref={done} onClick={onClose}>
              {result ? 'Done' : 'Cancel'}
            </Button>
          </DialogActions>
        </DialogBody>
      </DialogSurface>
    </Dialog>
  );
}

/** Generate realistic sample recordings for a demo; some fall on protected properties and raise alerts. */
export function SampleDialog({ onClose }: { onClose: () => void }) {
  const s = useStyles();
  const [count, setCount] = useState('200');
  const [onProtected, setOnProtected] = useState('1');
  const [errors, setErrors] = useState<{ count?: string; onProtected?: string }>({});
  const [busy, setBusy] = useState(false);
  const [formRef, focusFirstInvalid] = useFocusFirstInvalid<HTMLDivElement>();
  const submit = async () => {
    const n = Number(count);
    const p = Number(onProtected);
    const next: typeof errors = {};
    if (!Number.isInteger(n) || n < 1 || n > 5000) next.count = 'Enter a whole number from 1 to 5,000.';
    if (!Number.isInteger(p) || p < 0 || p > 50) next.onProtected = 'Enter a whole number from 0 to 50.';
    else if (Number.isInteger(n) && p > n) next.onProtected = 'At most as many as the recordings.';
    setErrors(next);
    if (Object.keys(next).length > 0) return focusFirstInvalid();
    setBusy(true);
    try {
      const r = await generateSample(n, p);
      notify.success(r.message ?? 'Sample recordings generated.');
      onClose();
    } catch (e) {
      notify.error(e instanceof Error ? e.message : 'The sample could not be generated. Try again.');
    } finally {
      setBusy(false);
    }
  };
  return (
    <Dialog open onOpenChange={(_, d) => !d.open && onClose()}>
      <DialogSurface className={s.surface} aria-describedby={undefined}>
        <DialogBody>
          <DialogTitle>Generate sample recordings</DialogTitle>
          <DialogContent className={s.content} ref={formRef}>
            <Text>Made-up recordings in the counties of the sample property data, for demos. Those on protected properties raise alerts marked as samples.</Text>
            <Field label="Recordings" required validationMessage={errors.count} validationState={errors.count ? 'error' : 'none'}>
              <Input type="number" min={1} max={5000} value={count} onChange={(_, d) => setCount(d.value)} />
            </Field>
            <Field label="Of which on protected properties" hint="The most recently protected properties, one recording each. Their members see a sample alert; no email or text is sent." validationMessage={errors.onProtected} validationState={errors.onProtected ? 'error' : 'none'}>
              <Input type="number" min={0} max={50} value={onProtected} onChange={(_, d) => setOnProtected(d.value)} />
            </Field>
          </DialogContent>
          <DialogActions>
            <Button appearance="primary" disabledFocusable={busy} icon={busy ? <Spinner size="tiny" /> : undefined} onClick={() => void submit()}>
              Generate
            </Button>
            <Button onClick={onClose}>Cancel</Button>
          </DialogActions>
        </DialogBody>
      </DialogSurface>
    </Dialog>
  );
}
