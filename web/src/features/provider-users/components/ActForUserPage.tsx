import { useEffect, useRef, useState, type ComponentType, type FormEvent } from 'react';
import { useParams, useSearchParams } from 'react-router';
import { Body1, Card, Field, Input, MessageBar, MessageBarBody, MessageBarTitle, Radio, RadioGroup, Select, Spinner, Subtitle2, makeStyles, tokens } from '@fluentui/react-components';
import { RECIPIENT_ROLE_LABELS, RECIPIENT_ROLES, RecipientInput, type RecipientRole } from '@acpg/contracts/nhd';
import { PAYER_LABELS, type MemberProperty, type Payer } from '@acpg/contracts/on-behalf';
import { LinkButton } from '../../../components/LinkButton.tsx';
import { EmptyState, ErrorState, LoadingBlock } from '../../../components/PageState.tsx';
import { ScreenHeading } from '../../../components/ScreenHeading.tsx';
import { SubmitButton } from '../../../components/SubmitButton.tsx';
import { formatCents } from '../../../lib/money.ts';
import { enrolForMember, orderForMember, useMemberProperties } from '../api/act-for.ts';

type Item = { orderId: string; label: string; amountCents: number; priceLabel?: string };

/** What the app hands in (features do not import each other): the card form used for enrollments and orders. */
export interface ActForUserParts {
  PaymentForm: ComponentType<{ equityEnrolment?: Item; nhdOrder?: Item; onPaid: () => void }>;
}

type Service = 'protect' | 'nhd';
type Done = { kind: 'pay'; service: Service; item: Item } | { kind: 'done'; title: string; text: string };

const useStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalL, maxWidth: '720px', minWidth: 0 },
  form: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  card: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  flush: { margin: 0 },
  address: { overflowWrap: 'anywhere' },
});

const addressOf = (p: MemberProperty) => `${p.address_line}, ${p.city}, ${p.state} ${p.zip}`;
const codeOf = (e: unknown) => (e && typeof e === 'object' && 'body' in e ? ((e as { body: { code?: string } | null }).body?.code ?? null) : null);

/**
 * /acpg-provider-users/:accountId/act (a Provider Admin): protects one of a provider user's verified properties in Equity
 * Protect, or orders an NHD report of it, for the user; the provider pays now with the Provider Admin's card, or the user
 * is emailed to pay. `?name=` is how the list named the user, `?do=protect|nhd` the row action chosen.
 */
export function ActForUserPage({ PaymentForm }: ActForUserParts) {
  const s = useStyles();
  const { accountId = '' } = useParams();
  const [search] = useSearchParams();
  const name = search.get('name')?.trim() || 'this user';
  const properties = useMemberProperties(accountId);
  const [service, setService] = useState<Service>(search.get('do') === 'nhd' ? 'nhd' : 'protect');
  const [propertyId, setPropertyId] = useState('');
  const [payer, setPayer] = useState<Payer>('provider');
  const [recipient, setRecipient] = useState<{ name: string; email: string; role: RecipientRole | '' }>({ name: '', email: '', role: '' });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [orderId] = useState(() => crypto.randomUUID());
  const [done, setDone] = useState<Done | null>(null);
  const formRef = useRef<HTMLFormElement>(null);
  // A refused submit moves focus to the first invalid control: a radio of the property group, or a recipient field.
  const [refused, setRefused] = useState(0);
  useEffect(() => {
    if (refused > 0) formRef.current?.querySelector<HTMLElement>('[role="radiogroup"][aria-invalid="true"] input, input[aria-invalid="true"], select[aria-invalid="true"]')?.focus();
  }, [refused]);
  const focusFirstInvalid = () => setRefused((n) => n + 1);

  const chosen = properties.data?.find((p) => p.property_id === propertyId) ?? null;

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (busy) return;
    const found: Record<string, string> = {};
    if (!chosen) found.property = 'Choose one of the user’s verified properties';
    const parsed = service === 'nhd' ? RecipientInput.safeParse(recipient) : null;
    if (parsed && !parsed.success) for (const issue of parsed.error.issues) found[`recipient.${String(issue.path[0])}`] ??= issue.message;
    setErrors(found);
    setFailure(null);
    if (Object.keys(found).length > 0 || !chosen) return focusFirstInvalid();
    setBusy(true);
    try {
      const address = addressOf(chosen);
      if (service === 'protect') {
        const { data } = await enrolForMember(accountId, { property_id: chosen.property_id, payer });
        if (data.status === 'active') setDone({ kind: 'done', title: 'The property is protected', text: `${address} is protected for ${name}: their plan includes it.` });
        else if (payer === 'user') setDone({ kind: 'done', title: 'Enrolled: the user pays', text: `${address} is enrolled for ${name}. We emailed them to pay ${formatCents(data.price_cents)} to start its protection.` });
        else setDone({ kind: 'pay', service, item: { orderId: data.enrollment_id, label: `Equity Protect for ${address}`, amountCents: data.price_cents, priceLabel: 'Yearly price' } });
      } else if (parsed?.success) {
        const { data } = await orderForMember(accountId, { order_id: orderId, property_id: chosen.property_id, report_type: 0, recipients: [parsed.data], escrow_users: [], payer });
        if (payer === 'user') setDone({ kind: 'done', title: 'Order placed: the user pays', text: `The NHD report of ${address} is ordered for ${name}. We emailed them to pay ${formatCents(data.amount_cents)}.` });
        else setDone({ kind: 'pay', service, item: { orderId: data.order_id, label: `${data.report_type.name} for ${address}`, amountCents: data.amount_cents } });
      }
    } catch (error) {
      const code = codeOf(error);
      if (code === 'PROPERTY_NOT_VERIFIED') setErrors({ property: 'This property is not verified as this user’s. Choose another.' });
      setFailure(error instanceof Error ? error.message : 'This could not be saved. Try again.');
    } finally {
      setBusy(false);
    }
  };

  const paid = (item: Item, what: Service) =>
    setDone({ kind: 'done', title: 'Payment received', text: what === 'protect' ? `${item.label} starts in a moment for ${name}.` : `The report is being made for ${name}; its recipient gets it by email.` });

  return (
    <section className={s.root} aria-labelledby="act-for-title">
      <ScreenHeading id="act-for-title" title={`Services for ${name}`}>
        <LinkButton to="/acpg-provider-users">Back to Provider Users</LinkButton>
      </ScreenHeading>
      <Body1>Protect one of the user’s verified properties with Equity Protect, or order an NHD report of it. It stays the user’s; you choose who pays.</Body1>
      {properties.status === 'error' ? (
        <ErrorState title="The user’s properties could not be loaded" message={properties.error} onRetry={properties.reload} />
      ) : !properties.data ? (
        <LoadingBlock label="Loading the user’s properties" lines={3} />
      ) : properties.data.length === 0 ? (
        <EmptyState>{name} has no verified property yet. They verify one on their My properties page first.</EmptyState>
      ) : done?.kind === 'pay' ? (
        <Card className={s.card} aria-labelledby="act-for-pay">
          <Subtitle2 as="h2" id="act-for-pay" className={s.flush} tabIndex={-1}>
            Pay for {name} with your card
          </Subtitle2>
          {done.service === 'protect' ? <PaymentForm equityEnrolment={done.item} onPaid={() => paid(done.item, 'protect')} /> : <PaymentForm nhdOrder={done.item} onPaid={() => paid(done.item, 'nhd')} />}
        </Card>
      ) : done ? (
        <MessageBar intent="success">
          <MessageBarBody>
            <MessageBarTitle>{done.title}</MessageBarTitle>
            {done.text}
          </MessageBarBody>
        </MessageBar>
      ) : (
        <form ref={formRef} className={s.form} onSubmit={(e) => void submit(e)} noValidate aria-label={`Services for ${name}`}>
          <Field label="Service" required>
            <RadioGroup value={service} onChange={(_, d) => setService(d.value as Service)}>
              <Radio value="protect" label="Protect it with Equity Protect" />
              <Radio value="nhd" label="Order an NHD report" />
            </RadioGroup>
          </Field>
          <Field label="Property" required validationMessage={errors.property} validationState={errors.property ? 'error' : 'none'}>
            <RadioGroup value={propertyId} onChange={(_, d) => setPropertyId(d.value)}>
              {properties.data.map((p) => (
                <Radio key={p.property_id} value={p.property_id} label={<span className={s.address}>{`${addressOf(p)} (APN ${p.apn})`}</span>} />
              ))}
            </RadioGroup>
          </Field>
          {service === 'nhd' && (
            <>
              <Field label="Recipient’s name" required validationMessage={errors['recipient.name']} validationState={errors['recipient.name'] ? 'error' : 'none'}>
                <Input value={recipient.name} onChange={(_, d) => setRecipient((r) => ({ ...r, name: d.value }))} />
              </Field>
              <Field label="Recipient’s email" required validationMessage={errors['recipient.email']} validationState={errors['recipient.email'] ? 'error' : 'none'}>
                <Input type="email" value={recipient.email} onChange={(_, d) => setRecipient((r) => ({ ...r, email: d.value }))} />
              </Field>
              <Field label="Recipient’s role" required validationMessage={errors['recipient.role']} validationState={errors['recipient.role'] ? 'error' : 'none'}>
                <Select value={recipient.role} onChange={(_, d) => setRecipient((r) => ({ ...r, role: d.value as RecipientRole | '' }))}>
                  <option value="">Choose a role</option>
                  {RECIPIENT_ROLES.map((role) => (
                    <option key={role} value={role}>
                      {RECIPIENT_ROLE_LABELS[role]}
                    </option>
                  ))}
                </Select>
              </Field>
            </>
          )}
          <Field label="Who pays" required>
            <RadioGroup value={payer} onChange={(_, d) => setPayer(d.value as Payer)}>
              <Radio value="provider" label={`${PAYER_LABELS.provider}: you pay now with your card`} />
              <Radio value="user" label={`${PAYER_LABELS.user}: we email ${name} to pay`} />
            </RadioGroup>
          </Field>
          {failure && (
            <MessageBar intent="error">
              <MessageBarBody>{failure}</MessageBarBody>
            </MessageBar>
          )}
          <div>
            <SubmitButton busy={busy}>{service === 'protect' ? 'Protect this property' : 'Place the order'}</SubmitButton>
          </div>
          {busy && <Spinner size="tiny" label="Saving…" />}
        </form>
      )}
      {done?.kind === 'done' && (
        <div>
          <LinkButton to="/acpg-provider-users" appearance="primary">
            Back to Provider Users
          </LinkButton>
        </div>
      )}
    </section>
  );
}
