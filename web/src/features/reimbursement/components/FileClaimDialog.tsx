import { useState, type FormEvent } from 'react';
import { Field, Input, MessageBar, MessageBarBody, Select, Textarea, makeStyles, tokens } from '@fluentui/react-components';
import { CLAIM_CATEGORIES, FileClaimBody, type ClaimCategory, type ClaimView } from '@acpg/contracts/reimbursement';
import { FormDialog } from '../../../components/FormDialog.tsx';
import { OptionSelect } from '../../../components/OptionSelect.tsx';
import { ErrorState, LoadingBlock } from '../../../components/PageState.tsx';
import { RouteLink } from '../../../components/RouteLink.tsx';
import { fieldState as state } from '../../../lib/field-state.ts';
import { useFocusFirstInvalid, useFocusWhenShown } from '../../../lib/focus.ts';
import { HttpError } from '../../../lib/http.ts';
import { notify } from '../../../lib/notify.ts';
import { fileClaim, useMyCoverage, useVerifiedProperties } from '../api/reimbursement.ts';
import { coverageNotice } from '../coverage-text.ts';
import { AMOUNT_EXAMPLE, amountProblem, categoryLabel, dayOf, documentRefusals, earliestExpenseDay, expenseDateProblem } from '../claim-text.ts';
import { DocumentPicker } from './DocumentPicker.tsx';
import { fieldErrorsOf, type FieldErrors } from '../field-errors.ts';

const useStyles = makeStyles({
  surface: { maxWidth: 'min(640px, calc(100vw - 32px))' },
  // A long address must not widen the dialog (a native select is as wide as its longest option): the field and the
  // select take the dialog's width and the chosen address is cut with an ellipsis.
  field: { minWidth: 0 },
  select: { minWidth: 0, width: '100%' },
  selectControl: { minWidth: 0, width: '100%', textOverflow: 'ellipsis' },
  pair: { display: 'grid', gap: tokens.spacingHorizontalM, gridTemplateColumns: 'repeat(auto-fit, minmax(min(200px, 100%), 1fr))' },
});

const CATEGORY_OPTIONS = CLAIM_CATEGORIES.map((c) => ({ value: c, label: categoryLabel(c) }));

type FieldName = 'property_id' | 'category' | 'amount' | 'expense_date' | 'description' | 'documents';

/** File a claim: a verified property, category, amount, expense date, description and 1..5 documents; once per claim id. */
export function FileClaimDialog({ onClose, onFiled }: { onClose: () => void; onFiled: (claim: ClaimView) => void }) {
  const s = useStyles();
  // One id per claim: a second click or a retry after a lost answer files the same claim once.
  const [claimId] = useState(() => crypto.randomUUID());
  const properties = useVerifiedProperties();
  const coverage = useMyCoverage();
  const covers = coverage.data ? coverageNotice(coverage.data) : null;
  const [propertyId, setPropertyId] = useState('');
  const [category, setCategory] = useState<ClaimCategory | ''>('');
  const [amount, setAmount] = useState('');
  const [expenseDate, setExpenseDate] = useState('');
  const [description, setDescription] = useState('');
  const [files, setFiles] = useState<File[]>([]);
  const [errors, setErrors] = useState<FieldErrors<FieldName>>({});
  // The server's refusal, shown above the buttons until the documents it was about change.
  const [refusal, setRefusal] = useState<{ text: string; documents: boolean } | null>(null);
  const [busy, setBusy] = useState(false);
  const [formRef, focusFirstInvalid] = useFocusFirstInvalid<HTMLFormElement>();
  const propertyRef = useFocusWhenShown<HTMLSelectElement>();
  const today = new Date();
  const items = properties.data?.items ?? [];
  const chosen = propertyId || (items.length === 1 ? (items[0]?.property_id ?? '') : '');
  const changeFiles = (next: File[]) => {
    setFiles(next);
    setErrors(({ documents: _, ...rest }) => rest);
    setRefusal((r) => (r?.documents ? null : r));
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (busy) return;
    const money = amountProblem(amount);
    const local: FieldErrors<FieldName> = {};
    if (!chosen) local.property_id = 'Choose one of your verified properties.';
    if (!category) local.category = 'Choose what the expense was for.';
    if (money.problem) local.amount = money.problem;
    const dateProblem = expenseDateProblem(expenseDate, today);
    if (dateProblem) local.expense_date = dateProblem;
    if (files.length === 0) local.documents = 'Attach at least one document (a receipt or an invoice).';
    // The contract's own rules (description length, limits) with placeholders for the documents' content.
    const draft = FileClaimBody.safeParse({ claim_id: claimId, property_id: chosen, category, amount_cents: money.cents ?? 1, expense_date: expenseDate || '2000-01-01', description, documents: files.map((f) => ({ name: f.name, data: 'x' })) });
    const fromContract = draft.success ? {} : fieldErrorsOf<FieldName>(draft.error.issues.map((i) => ({ path: i.path.join('.'), message: i.message })), { amount_cents: 'amount' });
    const all = { ...fromContract, ...local };
    setErrors(all);
    setRefusal(null);
    if (Object.keys(all).length > 0 || money.cents === null || !category) return focusFirstInvalid();
    setBusy(true);
    try {
      const r = await fileClaim({ claim_id: claimId, property_id: chosen, category, amount_cents: money.cents, expense_date: expenseDate, description: description.trim() }, files);
      notify.success(r.message ?? 'Claim submitted.');
      onFiled(r.data);
    } catch (err) {
      const body = err instanceof HttpError ? (err.body as { errors?: { path: string; message: string }[] } | null) : null;
      const fields = fieldErrorsOf<FieldName>(body?.errors ?? [], { amount_cents: 'amount' });
      // The server names a refused document by its place in the list: say which file it was.
      const refused = documentRefusals(body?.errors ?? [], files.map((f) => f.name));
      if (refused.length > 0) fields.documents = refused.join(' ');
      setErrors(fields);
      setRefusal(refused.length > 0 ? { text: refused.join(' '), documents: true } : { text: err instanceof Error ? err.message : 'The claim could not be filed. Try again.', documents: false });
      focusFirstInvalid();
    } finally {
      setBusy(false);
    }
  };

  return (
    <FormDialog
      title="File a claim"
      busy={busy}
      onDismiss={onClose}
      onSubmit={(e) => void submit(e)}
      formLabel="File a claim"
      formRef={formRef}
      surfaceClassName={s.surface}
      submitLabel={items.length > 0 ? (busy ? 'Filing…' : 'File the claim') : null}
    >
      {properties.status === 'error' ? (
        <ErrorState title="Your verified properties could not be loaded" message={properties.error} onRetry={properties.reload} />
      ) : !properties.data ? (
        <LoadingBlock label="Loading your verified properties" lines={3} />
      ) : items.length === 0 ? (
        <MessageBar intent="warning" layout="multiline">
          <MessageBarBody>
            A claim is filed for a property you have verified as yours, and you have none yet.{' '}
            <RouteLink to="/equity-protect-property-search">Find and verify your property</RouteLink>, then come back to file the claim.
          </MessageBarBody>
        </MessageBar>
      ) : (
        <>
          {coverage.data && (
            <MessageBar intent={covers ? 'info' : 'warning'} layout="multiline">
              <MessageBarBody>
                {covers ?? (
                  <>
                    Claims are paid for members, and you have no running membership. <RouteLink to="/subscription-plan">Choose a plan</RouteLink>; expenses from then on (after its waiting period) can be claimed.
                  </>
                )}
              </MessageBarBody>
            </MessageBar>
          )}
          <Field className={s.field} label="Property" required {...state(errors.property_id)}>
            <Select ref={propertyRef} className={s.select} select={{ className: s.selectControl }} value={chosen} onChange={(_, d) => setPropertyId(d.value)}>
              {items.length > 1 && <option value="">Choose a property</option>}
              {items.map((p) => (
                <option key={p.property_id} value={p.property_id}>
                  {p.address_line}, {p.city} (APN {p.apn})
                </option>
              ))}
            </Select>
          </Field>
          <Field label="Category" required {...state(errors.category)}>
            <OptionSelect value={category} onChange={setCategory} placeholder="Choose a category" options={CATEGORY_OPTIONS} />
          </Field>
          <div className={s.pair}>
            <Field label="Amount (USD)" required hint={`What you paid, for example ${AMOUNT_EXAMPLE}`} {...state(errors.amount)}>
              <Input inputMode="decimal" contentBefore="$" value={amount} onChange={(_, d) => setAmount(d.value)} />
            </Field>
            <Field label="Date of the expense" required hint="Within the last 365 days" {...state(errors.expense_date)}>
              <Input type="date" min={earliestExpenseDay(today)} max={dayOf(today)} value={expenseDate} onChange={(_, d) => setExpenseDate(d.value)} />
            </Field>
          </div>
          <Field label="Description" required hint="What happened and what you paid for (at least 10 characters)" {...state(errors.description)}>
            <Textarea value={description} maxLength={2000} resize="vertical" onChange={(_, d) => setDescription(d.value)} />
          </Field>
          <DocumentPicker label="Documents" files={files} onChange={changeFiles} min={1} error={errors.documents} />
          {refusal && (
            <MessageBar intent="error" layout="multiline">
              <MessageBarBody>The claim was not filed{refusal.documents ? '.' : ':'} {refusal.text}</MessageBarBody>
            </MessageBar>
          )}
        </>
      )}
    </FormDialog>
  );
}
