import { useState } from 'react';
import { useParams } from 'react-router';
import { Button, Card, MessageBar, MessageBarBody, MessageBarTitle, Spinner, Text, Title1, makeStyles, tokens } from '@fluentui/react-components';
import { CheckmarkRegular, DocumentPdfRegular } from '@fluentui/react-icons';
import type { ReceiptView } from '@acpg/contracts/nhd';
import { formatDateUs } from '../../../lib/dates.ts';
import { ErrorState, LoadingBlock } from '../../../components/PageState.tsx';
import { acknowledgeReceipt, fetchReceiptReport, useReceipt } from '../api/nhd.ts';
import { roleLabel } from '../order-text.ts';

const useStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalL, maxWidth: '720px', width: '100%', marginInline: 'auto' },
  card: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  facts: { display: 'grid', gridTemplateColumns: 'minmax(110px, max-content) 1fr', columnGap: tokens.spacingHorizontalL, rowGap: tokens.spacingVerticalXS, margin: 0, overflowWrap: 'anywhere' },
  dd: { margin: 0 },
  actions: { display: 'flex', gap: tokens.spacingHorizontalM, flexWrap: 'wrap' },
});

const usedMessage = (at: string) => `You confirmed receipt on ${formatDateUs(at)}. This link has been used.`;

/** /nhd-receipt/:token (public, no account): a recipient opens the report and confirms receipt, once. */
export default function ReceiptPage() {
  const s = useStyles();
  const { token = '' } = useParams();
  const receipt = useReceipt(token);
  const [confirmed, setConfirmed] = useState<ReceiptView | null>(null);
  const [busy, setBusy] = useState<'open' | 'confirm' | null>(null);
  const [error, setError] = useState<string | null>(null);
  const current = confirmed ?? receipt.data;

  const open = async () => {
    setBusy('open');
    setError(null);
    try {
      const url = URL.createObjectURL(await fetchReceiptReport(token));
      if (!window.open(url, '_blank', 'noopener')) {
        const a = document.createElement('a');
        a.href = url;
        a.download = 'NHD-report.pdf';
        a.click();
      }
      setTimeout(() => URL.revokeObjectURL(url), 60_000);
    } catch (e) {
      setError(e instanceof Error ? e.message : 'The report could not be opened. Try again.');
    } finally {
      setBusy(null);
    }
  };
  const confirm = async () => {
    setBusy('confirm');
    setError(null);
    try {
      setConfirmed(await acknowledgeReceipt(token));
    } catch (e) {
      setError(e instanceof Error ? e.message : 'Your confirmation could not be saved. Try again.');
      receipt.reload();
    } finally {
      setBusy(null);
    }
  };

  let body;
  if (receipt.status === 'error') body = <ErrorState title="This link does not work" message={receipt.error} />;
  else if (!current) body = <LoadingBlock label="Loading the report’s details" lines={4} />;
  else
    body = (
      <Card className={s.card}>
        <Text>
          Hello {current.recipient.name}. A Natural Hazard Disclosure report was sent to you ({current.recipient.email}) as the {roleLabel(current.recipient.role).toLowerCase()}.
        </Text>
        <dl className={s.facts}>
          <dt>Property</dt>
          <dd className={s.dd}>
            {current.property.address_line}, {current.property.city}, CA {current.property.zip}
          </dd>
          <dt>APN</dt>
          <dd className={s.dd}>{current.property.apn}</dd>
          <dt>Report</dt>
          <dd className={s.dd}>{current.report_type.name}</dd>
          <dt>Sent</dt>
          <dd className={s.dd}>{formatDateUs(current.sent_at)}</dd>
        </dl>
        {current.acknowledged_at ? (
          <MessageBar intent="success">
            <MessageBarBody>
              <MessageBarTitle>Receipt confirmed</MessageBarTitle>
              {confirmed ? 'Thank you: your receipt of the report is confirmed. This link has now been used.' : usedMessage(current.acknowledged_at)}
            </MessageBarBody>
          </MessageBar>
        ) : (
          <>
            <Text>Open the report, then confirm that you received it. The link works until {formatDateUs(current.expires_at)}, and only once for the confirmation.</Text>
            <div className={s.actions}>
              <Button icon={busy === 'open' ? <Spinner size="tiny" /> : <DocumentPdfRegular />} onClick={() => void open()} disabledFocusable={busy !== null}>
                Open the report (PDF)
              </Button>
              <Button appearance="primary" icon={busy === 'confirm' ? <Spinner size="tiny" /> : <CheckmarkRegular />} onClick={() => void confirm()} disabledFocusable={busy !== null}>
                Confirm I received it
              </Button>
            </div>
          </>
        )}
        {error && (
          <MessageBar intent="error" role="alert">
            <MessageBarBody>{error}</MessageBarBody>
          </MessageBar>
        )}
      </Card>
    );

  return (
    <section className={s.root} aria-labelledby="receipt-title">
      <Title1 as="h1" id="receipt-title" tabIndex={-1}>
        Natural Hazard Disclosure report
      </Title1>
      {body}
    </section>
  );
}
