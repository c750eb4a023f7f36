import type { ReactElement, ReactNode } from 'react';
import { Body1, Card, Link, Subtitle2, makeStyles, tokens } from '@fluentui/react-components';
import { CallRegular, ClockRegular, LocationRegular, MailRegular } from '@fluentui/react-icons';
import type { ContactContent } from '@acpg/contracts/content-documents';
import { DocumentFrame, PageMeta } from '../../../components/ContentParts.tsx';
import { ScreenTitle } from '../../../components/ScreenHeading.tsx';
import { useDocument } from '../../../lib/content-documents.ts';
import { ContactForm } from './ContactForm.tsx';

const useStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXL },
  intro: { margin: 0, maxWidth: '46em', fontSize: tokens.fontSizeBase400, lineHeight: tokens.lineHeightBase400, color: tokens.colorNeutralForeground2 },
  layout: { display: 'grid', gap: tokens.spacingHorizontalXXL, gridTemplateColumns: '1fr', '@media (min-width: 900px)': { gridTemplateColumns: 'minmax(0, 1fr) minmax(0, 1.5fr)' }, alignItems: 'start' },
  details: { listStyle: 'none', margin: 0, padding: 0, display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  card: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXS },
  formCard: { padding: tokens.spacingHorizontalXXL, '@media (max-width: 599px)': { padding: tokens.spacingHorizontalL } },
  label: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalS, margin: 0 },
  icon: { display: 'inline-flex', fontSize: tokens.fontSizeBase500, color: tokens.colorBrandForeground1 },
  value: { margin: 0, whiteSpace: 'pre-line', overflowWrap: 'anywhere' },
});

const telOf = (phone: string) => `tel:${phone.replace(/[^\d+]/g, '')}`;

function Detail({ icon, title, children }: { icon: ReactElement; title: string; children: ReactNode }) {
  const s = useStyles();
  return (
    <li>
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
    </li>
  );
}

function Contact({ d }: { d: ContactContent }) {
  const s = useStyles();
  return (
    <section className={s.root} aria-labelledby="page-title">
      <PageMeta title={d.title} description={d.description} />
      <ScreenTitle id="page-title">{d.heading}</ScreenTitle>
      {d.intro && <Body1 as="p" className={s.intro}>{d.intro}</Body1>}
      <div className={s.layout}>
        <ul className={s.details} aria-label="Contact details">
          <Detail icon={<CallRegular />} title="Phone">
            <Link href={telOf(d.phone)}>{d.phone}</Link>
          </Detail>
          <Detail icon={<MailRegular />} title="Email">
            <Link href={`mailto:${d.email}`}>{d.email}</Link>
          </Detail>
          <Detail icon={<LocationRegular />} title="Address">
            {d.address}
          </Detail>
          <Detail icon={<ClockRegular />} title="Hours">
            {d.hours}
          </Detail>
        </ul>
        <Card className={s.formCard}>
          <ContactForm />
        </Card>
      </div>
    </section>
  );
}

/** `/contact-us`: the contact details a Super Admin sets (the `contact` document) and the contact form. */
export default function ContactUsPage() {
  const contact = useDocument('contact');
  return <DocumentFrame view={contact} title="Contact Us">{(body) => <Contact d={body} />}</DocumentFrame>;
}
