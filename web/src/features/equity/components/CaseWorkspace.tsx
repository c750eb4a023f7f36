import { useState } from 'react';
import {
  Button, Dropdown, Field, Link, Option, Radio, RadioGroup, Spinner, Subtitle2, Text, Textarea, makeStyles, tokens,
} from '@fluentui/react-components';
import { CASE_OUTCOMES, CASE_OUTCOME_LABELS, type AlertView, type CaseOutcome } from '@acpg/contracts/equity';
import { ErrorState } from '../../../components/PageState.tsx';
import { PersonName } from '../../../components/PersonName.tsx';
import { useAccountNames } from '../../../lib/account-names.ts';
import { formatDateTime12 } from '../../../lib/dates.ts';
import { addCaseNote, assignCase, closeCase, useCaseContact, useCaseNotes, useCaseOwners } from '../api/equity.ts';

const useStyles = makeStyles({
  section: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS },
  flush: { margin: 0 },
  details: { display: 'grid', gridTemplateColumns: 'max-content 1fr', columnGap: tokens.spacingHorizontalL, rowGap: tokens.spacingVerticalXS, margin: 0 },
  term: { color: tokens.colorNeutralForeground2 },
  value: { margin: 0, overflowWrap: 'anywhere' },
  row: { display: 'flex', gap: tokens.spacingHorizontalM, flexWrap: 'wrap', alignItems: 'flex-end' },
  grow: { flexGrow: 1, minWidth: '200px' },
  notes: { margin: 0, paddingInlineStart: tokens.spacingHorizontalXL, display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS },
  when: { color: tokens.colorNeutralForeground2 },
});

/** How a case action is run by the dialog: a busy key, the call, what to do when it is refused. */
export type RunAction = (what: string, action: () => Promise<{ message?: string }>, onFailure?: () => void) => Promise<void>;

/**
 * The Super Admins' side of a fraud case: how to reach the member, the case's owner, the admins' notes (only ever
 * added, each with who and when) and "Resolve case" with its outcome, apart from the dialog's own Close.
 */
export function CaseWorkspace({ alert, busy, run }: { alert: AlertView; busy: string | null; run: RunAction }) {
  const s = useStyles();
  const open = alert.status === 'disputed';
  const caseOwner = alert.case?.owner_id ?? null;
  const contact = useCaseContact(alert.alert_id);
  const notes = useCaseNotes(alert.alert_id, alert.version);
  const owners = useCaseOwners();
  const nameOf = useAccountNames([...(notes.data?.items.map((n) => n.by) ?? []), ...(caseOwner ? [caseOwner] : [])]);
  const [owner, setOwner] = useState<string | null>(null);
  const [ownerError, setOwnerError] = useState<string | null>(null);
  const [note, setNote] = useState('');
  const [noteError, setNoteError] = useState<string | null>(null);
  const [outcome, setOutcome] = useState<CaseOutcome | ''>('');
  const [outcomeError, setOutcomeError] = useState<string | null>(null);
  const [resolution, setResolution] = useState('');
  const [resolutionError, setResolutionError] = useState<string | null>(null);

  const ownerName = (id: string) => owners.data?.items.find((o) => o.account_id === id)?.full_name ?? nameOf(id) ?? id;
  const chosenOwner = owner ?? caseOwner ?? '';

  const assign = () => {
    if (!chosenOwner) return setOwnerError('Choose an admin.');
    setOwnerError(null);
    void run('owner', () => assignCase(alert.alert_id, chosenOwner));
  };
  const addNote = () => {
    const text = note.trim();
    if (!text) return setNoteError('Write the note first.');
    setNoteError(null);
    void run('note', async () => {
      const r = await addCaseNote(alert.alert_id, text);
      setNote('');
      return r;
    });
  };
  const resolve = () => {
    const text = resolution.trim();
    setOutcomeError(outcome ? null : 'Choose how the case ended.');
    setResolutionError(text.length < 3 ? 'Say how the case ended (at least 3 characters).' : null);
    if (!outcome || text.length < 3) return;
    void run('resolve', () => closeCase(alert.alert_id, outcome, text));
  };

  return (
    <>
      <section className={s.section} aria-labelledby="case-contact-title">
        <Subtitle2 as="h3" id="case-contact-title" className={s.flush}>
          Member contact
        </Subtitle2>
        {contact.status === 'error' ? (
          <Text>{contact.error}</Text>
        ) : !contact.data ? (
          <Spinner size="tiny" label="Loading the member’s contact details" />
        ) : (
          <dl className={s.details}>
            <dt className={s.term}>Name</dt>
            <dd className={s.value}>{contact.data.full_name}</dd>
            <dt className={s.term}>Email</dt>
            <dd className={s.value}>
              <Link href={`mailto:${contact.data.email}`}>{contact.data.email}</Link>
            </dd>
            <dt className={s.term}>Phone</dt>
            <dd className={s.value}>{contact.data.phone_masked ? `${contact.data.phone_masked} (masked)` : 'No phone on the account'}</dd>
          </dl>
        )}
      </section>

      <section className={s.section} aria-labelledby="case-owner-title">
        <Subtitle2 as="h3" id="case-owner-title" className={s.flush}>
          Owner
        </Subtitle2>
        <Text>{caseOwner ? <>Owned by {ownerName(caseOwner)}</> : 'No owner yet.'}</Text>
        {open && (
          <div className={s.row}>
            <Field label="Case owner" className={s.grow} validationMessage={ownerError} validationState={ownerError ? 'error' : 'none'}>
              <Dropdown
                placeholder={owners.status === 'loading' ? 'Loading the admins…' : 'Choose an admin'}
                value={chosenOwner ? ownerName(chosenOwner) : ''}
                selectedOptions={chosenOwner ? [chosenOwner] : []}
                onOptionSelect={(_, d) => setOwner(d.optionValue ?? null)}
              >
                {(owners.data?.items ?? []).map((o) => (
                  <Option key={o.account_id} value={o.account_id}>
                    {o.full_name}
                  </Option>
                ))}
              </Dropdown>
            </Field>
            <Button disabledFocusable={busy !== null} icon={busy === 'owner' ? <Spinner size="tiny" /> : undefined} onClick={assign}>
              Assign
            </Button>
          </div>
        )}
        {owners.status === 'error' && <Text>{owners.error}</Text>}
      </section>

      <section className={s.section} aria-labelledby="case-notes-title">
        <Subtitle2 as="h3" id="case-notes-title" className={s.flush}>
          Notes
        </Subtitle2>
        {notes.status === 'error' ? (
          <ErrorState title="The notes could not be loaded" message={notes.error} onRetry={notes.reload} />
        ) : !notes.data ? (
          <Spinner size="tiny" label="Loading the notes" />
        ) : notes.data.items.length === 0 ? (
          <Text>No notes yet. Only admins see notes.</Text>
        ) : (
          <ol className={s.notes} aria-label="Case notes">
            {notes.data.items.map((n) => (
              <li key={`${n.at}-${n.by}-${n.note}`}>
                <Text>{n.note}</Text>{' '}
                <Text size={200} className={s.when}>
                  {formatDateTime12(n.at)}, by <PersonName id={n.by} name={nameOf(n.by)} />
                </Text>
              </li>
            ))}
          </ol>
        )}
        {open && (
          <>
            <Field label="New note" hint="Only admins see notes; a note cannot be changed once added." validationMessage={noteError} validationState={noteError ? 'error' : 'none'}>
              <Textarea value={note} maxLength={2000} onChange={(_, d) => setNote(d.value)} />
            </Field>
            <div>
              <Button disabledFocusable={busy !== null} icon={busy === 'note' ? <Spinner size="tiny" /> : undefined} onClick={addNote}>
                Add note
              </Button>
            </div>
          </>
        )}
      </section>

      {open && (
        <section className={s.section} aria-labelledby="case-resolve-title">
          <Subtitle2 as="h3" id="case-resolve-title" className={s.flush}>
            Resolve the case
          </Subtitle2>
          <Field label="Outcome" required validationMessage={outcomeError} validationState={outcomeError ? 'error' : 'none'}>
            <RadioGroup value={outcome} onChange={(_, d) => setOutcome(CASE_OUTCOMES.find((o) => o === d.value) ?? '')}>
              {CASE_OUTCOMES.map((o) => (
                <Radio key={o} value={o} label={CASE_OUTCOME_LABELS[o]} />
              ))}
            </RadioGroup>
          </Field>
          <Field label="How did the case end?" hint="The member receives this in an email." required validationMessage={resolutionError} validationState={resolutionError ? 'error' : 'none'}>
            <Textarea value={resolution} maxLength={1000} onChange={(_, d) => setResolution(d.value)} />
          </Field>
          <div>
            <Button appearance="primary" disabledFocusable={busy !== null} icon={busy === 'resolve' ? <Spinner size="tiny" /> : undefined} onClick={resolve}>
              Resolve case
            </Button>
          </div>
        </section>
      )}
    </>
  );
}
