import { useEffect, type ReactElement, type ReactNode } from 'react';
import { useSnapshot } from 'valtio';
import { Body1, Card, Link, Subtitle2, Title1, makeStyles, tokens } from '@fluentui/react-components';
import { CallRegular, ClockRegular, LocationRegular, MailRegular } from '@fluentui/react-icons';
import { ErrorState, LoadingBlock } from '../../../components/PageState.tsx';
import { formatPhone } from '../../../lib/phone.ts';
import { contact, loadContactDetails } from '../stores/contact.ts';

const useStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalL, maxWidth: '880px' },
  grid: { display: 'grid', gap: tokens.spacingVerticalL, gridTemplateColumns: 'repeat(auto-fill, minmax(min(240px, 100%), 1fr))' },
  flush: { margin: 0 },
  card: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS },
  label: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalS, margin: 0 },
  icon: { display: 'inline-flex', fontSize: tokens.fontSizeBase500, color: tokens.colorBrandForeground1 },
  value: { margin: 0, whiteSpace: 'pre-line', overflowWrap: 'anywhere' },
});

/** One contact detail: a card with its own heading (a heading per card, so screen-reader users can jump between them). */
function ContactCard({ icon, title, children }: { icon: ReactElement; title: string; children: ReactNode }) {
  const s = useStyles();
  return (
    <Card className={s.card}>
      <Subtitle2 as="h2" className={s.label}>
        <span className={s.icon} aria-hidden>
          {icon}
        </span>
        {title}
      </Subtitle2>
      <Body1 as="p" className={s.value}>
        {children}
      </Body1>
    </Card>
  );
}

export default function ContactUsPage() {
  const s = useStyles();
  const snap = useSnapshot(contact);
  useEffect(() => {
    void loadContactDetails();
  }, []);
  const d = snap.details;
  return (
    <section className={s.root} aria-labelledby="contact-title">
      <Title1 as="h1" id="contact-title" className={s.flush}>
        Contact Us
      </Title1>
      {!d && snap.status !== 'failed' && <LoadingBlock label="Loading contact details" />}
      {!d && snap.status === 'failed' && <ErrorState title="Contact details are not available" message={snap.error ?? ''} onRetry={() => void loadContactDetails()} />}
      {d && (
        <div className={s.grid}>
          <ContactCard icon={<CallRegular />} title="Phone">
            <Link href={`tel:${d.phone.replace(/[^\d+]/g, '')}`}>{formatPhone(d.phone)}</Link>
          </ContactCard>
          <ContactCard icon={<MailRegular />} title="Email">
            <Link href={`mailto:${d.email}`}>{d.email}</Link>
          </ContactCard>
          <ContactCard icon={<LocationRegular />} title="Address">
            {d.address}
          </ContactCard>
          <ContactCard icon={<ClockRegular />} title="Opening hours">
            {d.hours}
          </ContactCard>
        </div>
      )}
    </section>
  );
}
