import { useEffect } from 'react';
import { useSnapshot } from 'valtio';
import { Body1, Card, Link, Subtitle2, Title1, makeStyles, tokens } from '@fluentui/react-components';
import { CallRegular, ClockRegular, LocationRegular, MailRegular } from '@fluentui/react-icons';
import { ErrorState, LoadingBlock } from '../../../components/PageState.tsx';
import { formatPhone } from '../../../lib/phone.ts';
import { contact, loadContactDetails } from '../stores/contact.ts';

const useStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalL, maxWidth: '880px' },
  grid: { display: 'grid', gap: tokens.spacingVerticalL, gridTemplateColumns: 'repeat(auto-fill, minmax(240px, 1fr))', margin: 0 },
  card: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS },
  label: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalS, margin: 0 },
  value: { margin: 0, whiteSpace: 'pre-line' },
});

export default function ContactUsPage() {
  const s = useStyles();
  const snap = useSnapshot(contact);
  useEffect(() => {
    void loadContactDetails();
  }, []);
  const d = snap.details;
  return (
    <section className={s.root} aria-labelledby="contact-title">
      <Title1 as="h1" id="contact-title">
        Contact Us
      </Title1>
      {!d && snap.status !== 'failed' && <LoadingBlock label="Loading contact details" />}
      {!d && snap.status === 'failed' && <ErrorState title="Contact details are not available" message={snap.error ?? ''} onRetry={() => void loadContactDetails()} />}
      {d && (
        <dl className={s.grid}>
          <Card className={s.card}>
            <dt className={s.label}><CallRegular aria-hidden /> <Subtitle2>Phone</Subtitle2></dt>
            <dd className={s.value}><Link href={`tel:${d.phone.replace(/[^\d+]/g, '')}`}>{formatPhone(d.phone)}</Link></dd>
          </Card>
          <Card className={s.card}>
            <dt className={s.label}><MailRegular aria-hidden /> <Subtitle2>Email</Subtitle2></dt>
            <dd className={s.value}><Link href={`mailto:${d.email}`}>{d.email}</Link></dd>
          </Card>
          <Card className={s.card}>
            <dt className={s.label}><LocationRegular aria-hidden /> <Subtitle2>Address</Subtitle2></dt>
            <dd className={s.value}><Body1>{d.address}</Body1></dd>
          </Card>
          <Card className={s.card}>
            <dt className={s.label}><ClockRegular aria-hidden /> <Subtitle2>Opening hours</Subtitle2></dt>
            <dd className={s.value}><Body1>{d.hours}</Body1></dd>
          </Card>
        </dl>
      )}
    </section>
  );
}
