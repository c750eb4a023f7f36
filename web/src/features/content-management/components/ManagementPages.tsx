import { useSearchParams } from 'react-router';
import { Tab, TabList, makeStyles, tokens } from '@fluentui/react-components';
import { ContactContent, FaqContent, HomeContent, RichPageContent, ServicesContent, SiteContent, type FixedContentKey } from '@acpg/contracts/content-documents';
import { ScreenHeading } from '../../../components/ScreenHeading.tsx';
import { EditorShell } from './EditorShell.tsx';
import { EMPTY_HOME, HomeForm } from './HomeForm.tsx';
import { EMPTY_FAQ, EMPTY_SERVICES, FaqForm, ServicesForm } from './ListForms.tsx';
import { ContactForm, EMPTY_CONTACT, EMPTY_RICH_PAGE, EMPTY_SITE, RichPageForm, SiteForm } from './PageForms.tsx';

export function HomeManagementPage() {
  return <EditorShell contentKey="home" title="Home Management" empty={EMPTY_HOME} schema={HomeContent} form={(p) => <HomeForm {...p} />} />;
}

export function AboutUsManagementPage() {
  return <EditorShell contentKey="about-us" title="About Us Management" empty={EMPTY_RICH_PAGE} schema={RichPageContent} form={(p) => <RichPageForm {...p} />} />;
}

export function ServiceManagementPage() {
  return <EditorShell contentKey="services" title="Service Management" empty={EMPTY_SERVICES} schema={ServicesContent} form={(p) => <ServicesForm {...p} />} />;
}

export function FaqManagementPage() {
  return <EditorShell contentKey="faq" title="FAQ Management" empty={EMPTY_FAQ} schema={FaqContent} form={(p) => <FaqForm {...p} />} />;
}

export function ContactManagementPage() {
  return <EditorShell contentKey="contact" title="Contact Us Management" empty={EMPTY_CONTACT} schema={ContactContent} form={(p) => <ContactForm {...p} />} />;
}

export function SiteManagementPage() {
  return <EditorShell contentKey="site" title="Site and Logo" empty={EMPTY_SITE} schema={SiteContent} form={(p) => <SiteForm {...p} />} />;
}

const LEGAL: readonly { key: FixedContentKey; label: string }[] = [
  { key: 'privacy-policy', label: 'Privacy Policy' },
  { key: 'terms-of-service', label: 'Terms of Service' },
  { key: 'additional-information', label: 'Additional Information' },
];

const useStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalL, minWidth: 0 },
  tabs: { flexWrap: 'wrap' },
});

/** The legal pages, one tab each (the tab is in the URL: `?page=terms-of-service`). */
export function LegalManagementPage() {
  const s = useStyles();
  const [params, setParams] = useSearchParams();
  const current = LEGAL.find((l) => l.key === params.get('page')) ?? LEGAL[0]!;
  return (
    <div className={s.root}>
      <ScreenHeading id="legal-management-heading" title="Legal Pages" />
      <TabList
        className={s.tabs}
        aria-label="Legal pages"
        selectedValue={current.key}
        onTabSelect={(_, d) => setParams(d.value === LEGAL[0]!.key ? {} : { page: String(d.value) })}
      >
        {LEGAL.map((l) => (
          <Tab key={l.key} value={l.key}>
            {l.label}
          </Tab>
        ))}
      </TabList>
      <div role="tabpanel" aria-label={current.label}>
        <EditorShell key={current.key} embedded contentKey={current.key} title={current.label} empty={EMPTY_RICH_PAGE} schema={RichPageContent} form={(p) => <RichPageForm {...p} />} />
      </div>
    </div>
  );
}
