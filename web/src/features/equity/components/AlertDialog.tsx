import { useRef, useState } from 'react';
import { PersonName } from '../../../components/PersonName.tsx';
import { useAccountNames } from '../../../lib/account-names.ts';
import {
  Badge, Button, Checkbox, Dialog, DialogActions, DialogBody, DialogContent, DialogSurface, DialogTitle, Field, MessageBar, MessageBarBody, Spinner, Subtitle2, Text, Textarea,
  makeStyles, tokens,
} from '@fluentui/react-components';
import { CASE_OUTCOME_LABELS, CASE_STEP_LABELS, EQUITY_ALERT_UPDATED_MESSAGE, type AlertView, type CaseStep } from '@acpg/contracts/equity';
import { ErrorState, LoadingBlock } from '../../../components/PageState.tsx';
import { formatDateTime12 } from '../../../lib/dates.ts';
import { useLiveEntity } from '../../../lib/live.ts';
import { formatCents } from '../../../lib/money.ts';
import { notify } from '../../../lib/notify.ts';
import { CaseWorkspace } from './CaseWorkspace.tsx';
import { allowed } from '../../../lib/roles.ts';
import { session } from '../../../lib/session.ts';
import { useSnapshot } from 'valtio';
import { checkStep, confirmAlert, fetchAlert, reportAlert, useAlertHistory } from '../api/equity.ts';
import { ALERT_BADGE, addressOf, alertStatusLabel, documentTypeLabel, documentTypeMeaning, recordedDay } from '../equity-text.ts';

const useStyles = makeStyles({
  surface: { maxWidth: 'min(720px, calc(100vw - 32px))' },
  content: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  flush: { margin: 0 },
  details: { display: 'grid', gridTemplateColumns: 'max-content 1fr', columnGap: tokens.spacingHorizontalL, rowGap: tokens.spacingVerticalXS, margin: 0 },
  term: { color: tokens.colorNeutralForeground2 },
  value: { margin: 0, overflowWrap: 'anywhere' },
  answer: { display: 'flex', gap: tokens.spacingHorizontalM, flexWrap: 'wrap' },
  steps: { display: 'flex', flexDirection: 'column' },
  history: { margin: 0, paddingInlineStart: tokens.spacingHorizontalXL, display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS },
  when: { color: tokens.colorNeutralForeground2 },
});

const MESSAGES = [EQUITY_ALERT_UPDATED_MESSAGE];
const failure = (e: unknown) => (e instanceof Error ? e.message : 'That did not work. Try again.');

/**
 * One alert and its fraud case, live: the recorded document, the member's answer ("this was me", "I don't recognize
 * this" with a note), the case's checklist (the member ticks it), the Super Admins' case work (`CaseWorkspace`: contact,
 * owner, notes, "Resolve case") and the audit trail. "Close window" only closes the dialog.
 */
export function AlertDialog({ alertId, admin, onClose }: { alertId: string; admin: boolean; onClose: () => void }) {
  const s = useStyles();
  const [reporting, setReporting] = useState(false);
  const [note, setNote] = useState('');
  const [busy, setBusy] = useState<string | null>(null);
  // A ticked step shows ticked at once, until the alert moves on (its next version holds the tick) or it is refused.
  const [ticks, setTicks] = useState<{ version: number; steps: Partial<Record<CaseStep, boolean>> }>({ version: -1, steps: {} });
  const view = useLiveEntity<AlertView>({
    messages: MESSAGES,
    entity: `equity-alert:${alertId}`,
    read: (signal) => fetchAlert(alertId, signal),
    same: (shown, push) => push.alert_id === shown.alert_id,
    deps: [alertId],
  });
  const alert = view.data;
  const nameOf = useAccountNames(admin && alert ? [alert.account_id] : []);
  // Case work is the Equity Protect managers'; a Provider Admin reads its provider's users' alerts only.
  const { roles } = useSnapshot(session);
  const history = useAlertHistory(alertId, alert?.version);
  const pending = ticks.version === alert?.version ? ticks.steps : {};

  // After an answer its buttons go: focus moves to the alert's status, so a keyboard user is not dropped on the page.
  const statusRef = useRef<HTMLDivElement>(null);
  const run = async (what: string, action: () => Promise<{ message?: string }>, onFailure?: () => void, refocus = false) => {
    setBusy(what);
    try {
      const r = await action();
      if (r.message) notify.success(r.message);
      if (refocus) statusRef.current?.focus();
      view.reload();
    } catch (e) {
      onFailure?.();
      notify.error(failure(e));
    } finally {
      setBusy(null);
    }
  };

  return (
    <Dialog open onOpenChange={(_, d) => !d.open && onClose()}>
      <DialogSurface className={s.surface} aria-describedby={undefined}>
        <DialogBody>
          <DialogTitle>{alert ? `${documentTypeLabel(alert.recording.document_type)} ${alert.recording.document_number}` : 'Alert'}</DialogTitle>
          <DialogContent className={s.content}>
            {view.status === 'error' && !alert ? (
              <ErrorState title="This alert could not be loaded" message={view.error ?? 'Try again.'} onRetry={view.reload} />
            ) : !alert ? (
              <LoadingBlock label="Loading the alert" lines={4} />
            ) : (
              <>
                <div className={s.answer} ref={statusRef} tabIndex={-1}>
                  <Badge appearance="tint" color={ALERT_BADGE[alert.status]}>
                    {alertStatusLabel(alert.status, admin)}
                  </Badge>
                  {alert.sample && (
                    <Badge appearance="outline" color="informative">
                      Sample recording (demo)
                    </Badge>
                  )}
                </div>
                <Text>{documentTypeMeaning(alert.recording.document_type)}</Text>
                <dl className={s.details}>
                  {admin && (
                    <>
                      <dt className={s.term}>Member</dt>
                      <dd className={s.value}>
                        <PersonName id={alert.account_id} name={nameOf(alert.account_id)} />
                      </dd>
                    </>
                  )}
                  <dt className={s.term}>Property</dt>
                  <dd className={s.value}>{addressOf(alert.property)}</dd>
                  <dt className={s.term}>County and APN</dt>
                  <dd className={s.value}>
                    {alert.recording.county}, {alert.recording.apn}
                  </dd>
                  <dt className={s.term}>Recorded</dt>
                  <dd className={s.value}>{recordedDay(alert.recording.recorded_at)}</dd>
                  <dt className={s.term}>From (grantor)</dt>
                  <dd className={s.value}>{alert.recording.grantor}</dd>
                  <dt className={s.term}>To (grantee)</dt>
                  <dd className={s.value}>{alert.recording.grantee}</dd>
                  {alert.recording.amount_cents !== null && (
                    <>
                      <dt className={s.term}>Amount</dt>
                      <dd className={s.value}>{formatCents(alert.recording.amount_cents)}</dd>
                    </>
                  )}
                  <dt className={s.term}>Alert raised</dt>
                  <dd className={s.value}>{formatDateTime12(alert.raised_at)}</dd>
                </dl>

                {!admin && alert.status === 'new' && !reporting && (
                  <>
                    <Text>Did you or your lender record this document? If you do not know it, report it: we open a fraud case and follow it with you.</Text>
                    {/* Reporting is the safe default: it is the prominent action. */}
                    <div className={s.answer}>
                      <Button appearance="primary" onClick={() => setReporting(true)} disabledFocusable={busy !== null}>
                        I don’t recognize this
                      </Button>
                      <Button disabledFocusable={busy !== null} icon={busy === 'confirm' ? <Spinner size="tiny" /> : undefined} onClick={() => void run('confirm', () => confirmAlert(alertId), undefined, true)}>
                        This was me
                      </Button>
                    </div>
                  </>
                )}
                {!admin && alert.status === 'confirmed' && !reporting && (
                  <div className={s.answer}>
                    <Text>You said this was you.</Text>
                    <Button size="small" onClick={() => setReporting(true)} disabledFocusable={busy !== null}>
                      Changed your mind? I don’t recognize this
                    </Button>
                  </div>
                )}
                {!admin && (alert.status === 'new' || alert.status === 'confirmed') && reporting && (
                  <>
                    <Field label="Anything we should know? (optional)" hint="What you know about this document, who to call back, when.">
                      <Textarea value={note} maxLength={1000} onChange={(_, d) => setNote(d.value)} />
                    </Field>
                    <div className={s.answer}>
                      <Button appearance="primary" disabledFocusable={busy !== null} icon={busy === 'report' ? <Spinner size="tiny" /> : undefined} onClick={() => void run('report', () => reportAlert(alertId, note.trim()), undefined, true)}>
                        Report it and open a fraud case
                      </Button>
                      <Button onClick={() => setReporting(false)}>Back</Button>
                    </div>
                  </>
                )}
                {admin && alert.status === 'new' && <Text>The member has not answered yet.</Text>}

                {alert.case && (
                  <>
                    <Subtitle2 as="h3" className={s.flush}>
                      Fraud case {alert.case.closed_at ? 'closed' : 'open'}
                    </Subtitle2>
                    {alert.case.note && <Text>{admin ? 'Member’s note' : 'Your note'}: “{alert.case.note}”</Text>}
                    {alert.case.closed_at && (
                      <MessageBar intent="success">
                        <MessageBarBody>
                          Closed {formatDateTime12(alert.case.closed_at)}
                          {alert.case.outcome ? ` (${CASE_OUTCOME_LABELS[alert.case.outcome]})` : ''}: {alert.case.resolution}
                        </MessageBarBody>
                      </MessageBar>
                    )}
                    <div className={s.steps} role="group" aria-label="Next steps">
                      <Text weight="semibold">Next steps</Text>
                      {alert.case.steps.map(({ step, done }) => (
                        <Checkbox
                          key={step}
                          label={CASE_STEP_LABELS[step]}
                          checked={pending[step] ?? done}
                          // Not disabled while a tick is saved: a disabled box would drop the keyboard user's focus.
                          disabled={admin || alert.status !== 'disputed'}
                          onChange={(_, d) => {
                            if (busy !== null) return;
                            const next = d.checked === true;
                            setTicks({ version: alert.version, steps: { ...pending, [step]: next } });
                            void run(`step-${step}`, () => checkStep(alertId, step, next), () => setTicks({ version: -1, steps: {} }));
                          }}
                        />
                      ))}
                    </div>
                    {admin && allowed(roles, 'equity.manage') && <CaseWorkspace alert={alert} busy={busy} run={run} />}
                  </>
                )}

                <Subtitle2 as="h3" className={s.flush}>
                  History
                </Subtitle2>
                {history.status === 'error' ? (
                  <ErrorState title="The history could not be loaded" message={history.error ?? 'Try again.'} onRetry={history.reload} />
                ) : !history.data ? (
                  <Spinner size="tiny" label="Loading the history" />
                ) : (
                  <ol className={s.history} aria-label="Alert history">
                    {history.data.items.map((entry) => (
                      <li key={entry.version}>
                        <Text>{entry.summary}</Text>{' '}
                        <Text size={200} className={s.when}>
                          {formatDateTime12(entry.at)}
                          {entry.by === 'system' ? '' : entry.by === alert.account_id ? ', by the member' : ', by ACPG'}
                        </Text>
                      </li>
                    ))}
                  </ol>
                )}
              </>
            )}
          </DialogContent>
          <DialogActions>
            <Button onClick={onClose}>Close window</Button>
          </DialogActions>
        </DialogBody>
      </DialogSurface>
    </Dialog>
  );
}
