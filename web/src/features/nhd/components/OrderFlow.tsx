import { useEffect, useRef, useState, type ComponentType, type ReactNode } from 'react';
import { useSnapshot } from 'valtio';
import { Button, Card, MessageBar, MessageBarBody, MessageBarTitle, Radio, RadioGroup, Spinner, Text, Title1, Title3, makeStyles, mergeClasses, tokens } from '@fluentui/react-components';
import { CheckmarkCircleRegular } from '@fluentui/react-icons';
import { EscrowUserInput, MAX_ESCROW_USERS, MAX_RECIPIENTS, RECIPIENT_ROLES, RecipientInput, type NhdOrderView, type ReportType } from '@acpg/contracts/nhd';
import type { PropertySummary } from '@acpg/contracts/properties';
import { formatCents } from '../../../lib/money.ts';
import { session } from '../../../lib/session.ts';
import { signInPathFor, signUpPathFor } from '../../../lib/return-path.ts';
import { LinkButton } from '../../../components/LinkButton.tsx';
import { ErrorState, LoadingBlock, LoadingSpinner } from '../../../components/PageState.tsx';
import { placeOrder, useOrder, useReportTypes } from '../api/nhd.ts';
import { roleLabel } from '../order-text.ts';
import { ORDER_STEPS, orderDraft, reachableStep, resetOrderDraft, restoreOrderDraft, type OrderStep } from '../state/order-draft.ts';
import { PeopleEditor, type PeopleEditorHandle } from './PeopleEditor.tsx';

/** What the app hands in (features do not import each other): the property search and the card form. */
export interface OrderFlowParts {
  AddressAutocomplete: ComponentType<{ label: string; value: PropertySummary | null; onSelect: (p: PropertySummary) => void; onClear?: () => void; required?: boolean; validationMessage?: string | null }>;
  PaymentForm: ComponentType<{ nhdOrder: { orderId: string; label: string; amountCents: number }; onPaid: () => void }>;
  /** The signed-in member's verified properties as quick picks (nothing for a visitor). */
  PropertyPicks?: ComponentType<{ selectedId: string | null; onPick: (p: PropertySummary) => void }>;
}

const STEP_TITLES: Record<OrderStep, string> = {
  property: 'Property',
  report: 'Report type',
  recipients: 'Recipients',
  escrow: 'Escrow',
  review: 'Review',
  payment: 'Payment',
  done: 'Done',
};

const useStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalL, maxWidth: '860px', width: '100%', marginInline: 'auto' },
  head: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalM, flexWrap: 'wrap' },
  steps: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalS, margin: 0, padding: 0, listStyleType: 'none', counterReset: 'step' },
  step: {
    padding: `${tokens.spacingVerticalXXS} ${tokens.spacingHorizontalS}`,
    borderRadius: tokens.borderRadiusCircular,
    backgroundColor: tokens.colorNeutralBackground3,
    color: tokens.colorNeutralForeground2,
    fontSize: tokens.fontSizeBase200,
  },
  current: { backgroundColor: tokens.colorBrandBackground, color: tokens.colorNeutralForegroundOnBrand, fontWeight: tokens.fontWeightSemibold },
  card: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  nav: { display: 'flex', gap: tokens.spacingHorizontalM, flexWrap: 'wrap', justifyContent: 'space-between' },
  types: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS },
  type: { display: 'flex', flexDirection: 'column' },
  summary: { display: 'grid', gridTemplateColumns: 'minmax(120px, max-content) 1fr', columnGap: tokens.spacingHorizontalL, rowGap: tokens.spacingVerticalS, overflowWrap: 'anywhere' },
  edit: { justifySelf: 'start' },
  done: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalS },
  h2: { margin: 0 },
});

function StepNav({ back, next, nextLabel = 'Next', busy = false }: { back?: () => void; next?: () => void; nextLabel?: string; busy?: boolean }) {
  const s = useStyles();
  return (
    <div className={s.nav}>
      {back ? <Button onClick={back}>Back</Button> : <span />}
      {next && (
        <Button appearance="primary" onClick={next} disabledFocusable={busy} icon={busy ? <Spinner size="tiny" /> : undefined}>
          {nextLabel}
        </Button>
      )}
    </div>
  );
}

const go = (step: OrderStep) => {
  orderDraft.screen = step;
};

/** /nhd-order: property, report type, recipients, escrow, review, sign in on the way, place, pay, done. */
export function OrderFlow({ AddressAutocomplete, PaymentForm, PropertyPicks }: OrderFlowParts) {
  const s = useStyles();
  const draft = useSnapshot(orderDraft);
  const auth = useSnapshot(session);
  const [restored, setRestored] = useState(false);
  const [propertyError, setPropertyError] = useState<string | null>(null);
  const [recipientsError, setRecipientsError] = useState<string | null>(null);
  // Next takes the person still in the form (filled in, "Add" not pressed) instead of losing them.
  const recipientsEditor = useRef<PeopleEditorHandle<RecipientInput>>(null);
  const escrowEditor = useRef<PeopleEditorHandle<EscrowUserInput>>(null);
  const withPending = <T,>(editor: PeopleEditorHandle<T> | null, then: (list: readonly T[]) => void) => {
    const list = editor ? editor.commitPending() : null;
    if (list) then(list);
  };
  const [placing, setPlacing] = useState(false);
  const [placeError, setPlaceError] = useState<string | null>(null);
  const [placed, setPlaced] = useState<NhdOrderView | null>(null);
  const types = useReportTypes();
  // After a reload on the payment step, the order as placed (its price then), not today's price list.
  // Placed: at least its first version (the read model may not hold it yet right after a reload).
  const placedOrder = useOrder(draft.screen === 'payment' && draft.placed && auth.accessToken ? draft.orderId : null, 1);
  const placedView = placed ?? placedOrder.data;

  useEffect(() => {
    void restoreOrderDraft().then(() => {
      orderDraft.screen = reachableStep(orderDraft);
      setRestored(true);
    });
  }, []);

  const signedIn = auth.user != null && auth.user.role.length > 0 && auth.accessToken != null;
  const type: ReportType | undefined = types.data?.items.find((t) => t.code === draft.reportType);

  if (!restored || (auth.restoring && auth.user)) return <LoadingSpinner label="Loading your order" />;

  const place = async () => {
    if (!draft.propertyData) return go('property');
    if (!type) return setPlaceError('This report type is no longer offered. Choose a report type again.');
    setPlacing(true);
    setPlaceError(null);
    try {
      const order = await placeOrder({
        order_id: draft.orderId,
        property_id: draft.propertyData.id,
        report_type: draft.reportType,
        recipients: draft.recipientData.map((r) => ({ ...r })),
        escrow_users: draft.escrowUserListData.map((e) => ({ ...e })),
      });
      setPlaced(order);
      orderDraft.placed = true;
      go('payment');
    } catch (error) {
      setPlaceError(error instanceof Error ? error.message : 'The order could not be placed. Try again.');
    } finally {
      setPlacing(false);
    }
  };

  let body: ReactNode;
  switch (draft.screen) {
    case 'property':
      body = (
        <>
          <Text>Which California property is the report for? Search by address or APN.</Text>
          {PropertyPicks && (
            <PropertyPicks
              selectedId={draft.propertyData?.id ?? null}
              onPick={(p) => {
                orderDraft.propertyData = p;
                setPropertyError(null);
              }}
            />
          )}
          <AddressAutocomplete
            label="Property address"
            required
            value={draft.propertyData as PropertySummary | null}
            onSelect={(p) => {
              orderDraft.propertyData = p;
              setPropertyError(null);
            }}
            onClear={() => (orderDraft.propertyData = null)}
            validationMessage={propertyError}
          />
          <StepNav next={() => (draft.propertyData ? go('report') : setPropertyError('Choose the property from the list'))} />
        </>
      );
      break;
    case 'report':
      body =
        types.status === 'error' ? (
          <ErrorState title="The report types could not be loaded" message={types.error} onRetry={types.reload} />
        ) : !types.data ? (
          <LoadingBlock label="Loading the report types" lines={3} />
        ) : (
          <>
            <RadioGroup aria-label="Report type" value={String(draft.reportType)} onChange={(_, d) => (orderDraft.reportType = Number(d.value))} className={s.types}>
              {types.data.items.map((t) => (
                <Radio
                  key={t.code}
                  value={String(t.code)}
                  label={
                    <span className={s.type}>
                      <Text weight="semibold">
                        {t.name}: {formatCents(t.price_cents)}
                      </Text>
                      <Text size={200}>{t.description}</Text>
                    </span>
                  }
                />
              ))}
            </RadioGroup>
            <StepNav back={() => go('property')} next={() => (type ? go('recipients') : undefined)} />
          </>
        );
      break;
    case 'recipients':
      body = (
        <>
          <Text>Who receives the report? Each recipient gets an email with a link to open it and confirm receipt; no account is needed.</Text>
          <PeopleEditor
            key="recipients"
            ref={recipientsEditor}
            items={draft.recipientData as RecipientInput[]}
            onChange={(items) => {
              orderDraft.recipientData = items;
              setRecipientsError(null);
            }}
            schema={RecipientInput}
            noun="recipient"
            max={MAX_RECIPIENTS}
            fields={[
              { key: 'name', label: 'Name', required: true, autoComplete: 'off' },
              { key: 'email', label: 'Email', required: true, type: 'email' },
              { key: 'role', label: 'Role', required: true, options: RECIPIENT_ROLES.map((r) => ({ value: r, label: roleLabel(r) })) },
            ]}
            describe={(r) => ({ title: r.name, detail: `${r.email} · ${roleLabel(r.role)}` })}
            extraCheck={(r, others) => (others.some((o) => o.email === r.email) ? { field: 'email', message: 'This email is on the list already' } : null)}
            empty={<Text>No recipients yet. Add at least one: the buyer, the seller, their agents or escrow.</Text>}
          />
          {recipientsError && (
            <MessageBar intent="error">
              <MessageBarBody>{recipientsError}</MessageBarBody>
            </MessageBar>
          )}
          <StepNav
            back={() => go('report')}
            next={() => withPending(recipientsEditor.current, (list) => (list.length > 0 ? go('escrow') : setRecipientsError('Add at least one recipient.')))}
          />
        </>
      );
      break;
    case 'escrow':
      body = (
        <>
          <Text>Escrow users of this sale, if there is an escrow (optional).</Text>
          <PeopleEditor
            key="escrow"
            ref={escrowEditor}
            items={draft.escrowUserListData as EscrowUserInput[]}
            onChange={(items) => (orderDraft.escrowUserListData = items)}
            schema={EscrowUserInput}
            noun="escrow user"
            max={MAX_ESCROW_USERS}
            fields={[
              { key: 'company', label: 'Escrow company', required: true },
              { key: 'officer', label: 'Escrow officer', required: true },
              { key: 'escrow_number', label: 'Escrow number', required: true },
              { key: 'email', label: 'Officer’s email (optional)', type: 'email' },
            ]}
            describe={(e) => ({ title: `${e.officer}, ${e.company}`, detail: `Escrow number ${e.escrow_number}${e.email ? ` · ${e.email}` : ''}` })}
            empty={<Text>No escrow users. You can go on without them.</Text>}
          />
          <StepNav back={() => go('recipients')} next={() => withPending(escrowEditor.current, () => go('review'))} nextLabel="Review the order" />
        </>
      );
      break;
    case 'review': {
      const p = draft.propertyData;
      body = (
        <>
          <dl className={s.summary}>
            <dt>
              <Text weight="semibold">Property</Text>
            </dt>
            <dd>{p ? `${p.address_line}, ${p.city}, CA ${p.zip} (APN ${p.apn}, ${p.county} County)` : '—'}</dd>
            <dt>
              <Text weight="semibold">Report type</Text>
            </dt>
            <dd>{type ? `${type.name}: ${formatCents(type.price_cents)}` : 'Choose a report type'}</dd>
            <dt>
              <Text weight="semibold">Recipients</Text>
            </dt>
            <dd>{draft.recipientData.map((r) => `${r.name} (${r.email}, ${roleLabel(r.role)})`).join('; ')}</dd>
            <dt>
              <Text weight="semibold">Escrow</Text>
            </dt>
            <dd>{draft.escrowUserListData.length === 0 ? 'None' : draft.escrowUserListData.map((e) => `${e.officer}, ${e.company} (${e.escrow_number})`).join('; ')}</dd>
          </dl>
          <div className={s.nav}>
            <Button onClick={() => go('property')}>Change the property</Button>
            <Button onClick={() => go('report')}>Change the report type</Button>
            <Button onClick={() => go('recipients')}>Change the recipients</Button>
            <Button onClick={() => go('escrow')}>Change escrow</Button>
          </div>
          {placeError && (
            <MessageBar intent="error" role="alert">
              <MessageBarBody>
                <MessageBarTitle>The order was not placed</MessageBarTitle>
                {placeError}
              </MessageBarBody>
            </MessageBar>
          )}
          {signedIn ? (
            <StepNav back={() => go('escrow')} next={() => void place()} nextLabel={type ? `Place order and pay ${formatCents(type.price_cents)}` : 'Place order'} busy={placing} />
          ) : (
            <Card className={s.card}>
              <Text weight="semibold">Sign in or create an account to place this order.</Text>
              <Text>Your order is kept on this device: you come back to this page to pay after signing in, or at the end of a new account’s sign-up.</Text>
              <div className={s.nav}>
                <LinkButton to={signInPathFor('/nhd-order')} appearance="primary">
                  Sign in
                </LinkButton>
                <LinkButton to={signUpPathFor('/nhd-order')}>Create an account</LinkButton>
              </div>
            </Card>
          )}
        </>
      );
      break;
    }
    case 'payment':
      body = placedOrder.status === 'error' ? (
        <>
          <ErrorState title="The order could not be loaded" message={placedOrder.error} onRetry={placedOrder.reload} />
          <Button onClick={() => resetOrderDraft()}>Start a new order</Button>
        </>
      ) : placedView && draft.propertyData ? (
        <PaymentForm
          nhdOrder={{
            orderId: draft.orderId,
            label: `${placedView.report_type.name} for ${draft.propertyData.address_line}, ${draft.propertyData.city}`,
            amountCents: placedView.amount_cents,
          }}
          onPaid={() => go('done')}
        />
      ) : (
        <LoadingBlock label="Loading the order" lines={3} />
      );
      break;
    case 'done':
      body = (
        <>
          <MessageBar intent="success">
            <MessageBarBody>
              <MessageBarTitle>Order placed and paid</MessageBarTitle>
              We are making the report now and email it to every recipient as soon as it is ready. Follow it live on the order’s page.
            </MessageBarBody>
          </MessageBar>
          <div className={s.nav}>
            <LinkButton to={`/nhd-order-list/${draft.orderId}`} appearance="primary" onClick={() => resetOrderDraft()}>
              Follow your order
            </LinkButton>
            <LinkButton to="/nhd-order" onClick={() => resetOrderDraft()}>
              Order another report
            </LinkButton>
          </div>
        </>
      );
      break;
  }

  const index = ORDER_STEPS.indexOf(draft.screen);
  return (
    <section className={s.root} aria-labelledby="nhd-order-title">
      <div className={s.head}>
        <Title1 as="h1" id="nhd-order-title" tabIndex={-1}>
          Order an NHD report
        </Title1>
      </div>
      <ol className={s.steps} aria-label="Order steps">
        {ORDER_STEPS.map((step, i) => (
          <li key={step} className={mergeClasses(s.step, step === draft.screen && s.current)} aria-current={step === draft.screen ? 'step' : undefined}>
            {i < index ? <CheckmarkCircleRegular aria-hidden /> : null} {i + 1}. {STEP_TITLES[step]}
          </li>
        ))}
      </ol>
      <Card className={s.card}>
        <Title3 as="h2" className={s.h2}>
          {STEP_TITLES[draft.screen]}
        </Title3>
        {body}
      </Card>
    </section>
  );
}
