import { useEffect, useRef, useState } from 'react';
import {
  Button, Caption1, Dialog, DialogActions, DialogBody, DialogContent, DialogSurface, DialogTitle, Field, Label, Select, Table, TableBody, TableCell, TableHeader, TableHeaderCell, TableRow, Text,
  makeStyles, tokens, useId,
} from '@fluentui/react-components';
import { PROVIDER_INVITATIONS_CSV_MAX_ROWS, PROVIDER_PROPERTIES_MAX, PROVIDER_USER_ROLES, type ProviderInvitationsImportReport } from '@acpg/contracts/provider-users';
import { AlertBar } from '../../../components/AlertBar.tsx';
import { notify } from '../../../lib/notify.ts';
import { importInvitations } from '../api/provider-users.ts';
import type { ProviderChoice } from './InviteDialog.tsx';

const MAX_BYTES = 1024 * 1024;

const useStyles = makeStyles({
  surface: { maxWidth: 'min(720px, calc(100vw - 32px))' },
  content: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  file: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXS, minWidth: 0 },
  scroller: { maxHeight: '320px', overflowY: 'auto' },
  code: { fontFamily: tokens.fontFamilyMonospace },
});

/** The refused rows of a bulk invitation, by their line in the spreadsheet (the header is line 1). */
function RefusedLines({ report }: { report: ProviderInvitationsImportReport }) {
  const s = useStyles();
  if (report.refused.length === 0) return <Text>Every row was invited.</Text>;
  return (
    <>
      <Text>
        {report.refused.length} row{report.refused.length === 1 ? ' was' : 's were'} refused. Fix {report.refused.length === 1 ? 'it' : 'them'} and import those rows again.
      </Text>
      <div className={s.scroller} tabIndex={0} role="region" aria-label="Refused rows">
        <Table size="small" aria-label="Refused rows">
          <TableHeader>
            <TableRow>
              <TableHeaderCell>Line</TableHeaderCell>
              <TableHeaderCell>Email</TableHeaderCell>
              <TableHeaderCell>Why</TableHeaderCell>
            </TableRow>
          </TableHeader>
          <TableBody>
            {report.refused.map((r) => (
              <TableRow key={r.line}>
                <TableCell>{r.line}</TableCell>
                <TableCell>{r.email}</TableCell>
                <TableCell>{r.reason}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </div>
    </>
  );
}

/** Bulk invitations from a CSV file (`email,role[,properties]`), checked row by row on the server; the report names refused lines. */
export function ImportInvitationsDialog({ providers, onClose }: { providers: readonly ProviderChoice[] | null; onClose: () => void }) {
  const s = useStyles();
  const fileId = useId('invitations-file');
  const hintId = useId('invitations-hint');
  const [file, setFile] = useState<File | null>(null);
  const [providerId, setProviderId] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [report, setReport] = useState<ProviderInvitationsImportReport | null>(null);
  const done = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (report) done.current?.focus();
  }, [report]);

  const send = async () => {
    if (!file) return setError('Choose a CSV file.');
    if (providers && !providerId) return setError('Pick the provider.');
    setBusy(true);
    setError(null);
    try {
      const answer = await importInvitations(file, providers ? providerId : null);
      setReport(answer.data);
      notify.success(answer.message ?? `${answer.data.invited} invited.`);
    } catch (e) {
      setError(e instanceof Error ? e.message : 'The file was not imported. Try again.');
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog open modalType="modal" onOpenChange={(_, d) => !d.open && !busy && onClose()}>
      <DialogSurface className={s.surface}>
        <DialogBody>
          <DialogTitle>Import invitations</DialogTitle>
          <DialogContent className={s.content}>
            <AlertBar>{error}</AlertBar>
            {report ? (
              <>
                <Text>
                  {report.invited} invitation{report.invited === 1 ? ' was' : 's were'} sent.
                </Text>
                <RefusedLines report={report} />
              </>
            ) : (
              <>
                <Text>
                  A CSV file with a header row <span className={s.code}>email,role</span> and one row per person, at most {PROVIDER_INVITATIONS_CSV_MAX_ROWS} rows. Roles:{' '}
                  {PROVIDER_USER_ROLES.join(', ')}.
                </Text>
                <Text>
                  To attach properties (a closing list), add a column <span className={s.code}>properties</span>: property ids or APNs separated by <span className={s.code}>;</span>, at most{' '}
                  {PROVIDER_PROPERTIES_MAX} per person (for example <span className={s.code}>sam@example.com,Customer,5432-019-021;5432-019-022</span>). Each person confirms theirs when they accept. A row with an unknown property is refused, by its line.
                </Text>
                {providers && (
                  <Field label="Provider" required>
                    <Select value={providerId} onChange={(_, d) => setProviderId(d.value)}>
                      <option value="">Choose a provider</option>
                      {providers.map((p) => (
                        <option key={p.id} value={p.id}>
                          {p.name}
                        </option>
                      ))}
                    </Select>
                  </Field>
                )}
                <div className={s.file}>
                  <Label htmlFor={fileId}>CSV file</Label>
                  <input
                    id={fileId}
                    type="file"
                    accept=".csv,text/csv"
                    aria-describedby={hintId}
                    onChange={(e) => {
                      const chosen = e.target.files?.[0] ?? null;
                      setFile(chosen);
                      setError(chosen && chosen.size > MAX_BYTES ? 'The file is larger than 1 MB. Split it and import the parts one at a time.' : null);
                    }}
                  />
                  <Caption1 id={hintId}>At most 1 MB.</Caption1>
                </div>
              </>
            )}
          </DialogContent>
          <DialogActions>
            {report ? (
              <Button ref={done} appearance="primary" onClick={onClose}>
                Done
              </Button>
            ) : (
              <>
                <Button disabledFocusable={busy} onClick={onClose}>
                  Cancel
                </Button>
                <Button appearance="primary" disabledFocusable={busy} onClick={() => void send()}>
                  {busy ? 'Importing…' : 'Import'}
                </Button>
              </>
            )}
          </DialogActions>
        </DialogBody>
      </DialogSurface>
    </Dialog>
  );
}
