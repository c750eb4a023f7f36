import { Link, Text, makeStyles, tokens } from '@fluentui/react-components';
import type { ContactContent, SiteContent } from '@acpg/contracts/content-documents';
import { Logo } from '../../components/Logo.tsx';
import { RouteLink } from '../../components/RouteLink.tsx';
import { CONTENT_MAX_WIDTH } from '../../lib/layout.ts';
import { FOOTER_LINKS, PUBLIC_ACTIONS } from '../menu.ts';

const useStyles = makeStyles({
  footer: { backgroundColor: tokens.colorNeutralBackground1, borderTop: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke2}` },
  inner: {
    width: '100%',
    maxWidth: `${CONTENT_MAX_WIDTH}px`,
    marginInline: 'auto',
    boxSizing: 'border-box',
    padding: `${tokens.spacingVerticalXXXL} ${tokens.spacingHorizontalXL}`,
    display: 'grid',
    gap: tokens.spacingHorizontalXXL,
    gridTemplateColumns: 'minmax(0, 1fr)',
    '@media (min-width: 600px)': { gridTemplateColumns: 'repeat(2, minmax(0, 1fr))' },
    '@media (min-width: 900px)': { gridTemplateColumns: 'minmax(0, 1.4fr) repeat(3, minmax(0, 1fr))' },
  },
  column: { display: 'flex', flexDirection: 'column', alignItems: 'flex-start', gap: tokens.spacingVerticalS, minWidth: 0 },
  heading: { margin: 0, fontSize: tokens.fontSizeBase300, fontWeight: tokens.fontWeightSemibold, color: tokens.colorNeutralForeground1 },
  list: { listStyle: 'none', margin: 0, padding: 0, display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS },
  muted: { color: tokens.colorNeutralForeground2, overflowWrap: 'anywhere' },
  address: { fontStyle: 'normal', display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS },
  legal: {
    maxWidth: `${CONTENT_MAX_WIDTH}px`,
    marginInline: 'auto',
    boxSizing: 'border-box',
    padding: `${tokens.spacingVerticalL} ${tokens.spacingHorizontalXL}`,
    borderTop: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke3}`,
    color: tokens.colorNeutralForeground2,
  },
});

const telOf = (phone: string) => `tel:${phone.replace(/[^\d+]/g, '')}`;

/**
 * The public footer: the company (logo, name, note), the contact details a Super Admin sets (the `contact` document),
 * where to buy each service, and the legal links.
 */
export function PublicFooter({ site, contact }: { site: SiteContent | null; contact: ContactContent | null }) {
  const s = useStyles();
  const company = site?.company_name ?? 'ACPG';
  return (
    <footer className={s.footer}>
      <div className={s.inner}>
        <div className={s.column}>
          <Logo companyName={company} imageId={site?.logo_image_id ?? null} height={36} />
          {site?.footer_note && <Text size={200} className={s.muted}>{site.footer_note}</Text>}
        </div>
        <div className={s.column}>
          <h2 className={s.heading}>Contact us</h2>
          {contact ? (
            <address className={s.address} data-testid="footer-contact">
              <Link href={telOf(contact.phone)}>{contact.phone}</Link>
              <Link href={`mailto:${contact.email}`}>{contact.email}</Link>
              <Text size={200} className={s.muted}>{contact.address}</Text>
              <Text size={200} className={s.muted}>{contact.hours}</Text>
            </address>
          ) : (
            <RouteLink to="/contact-us">Write to us</RouteLink>
          )}
        </div>
        <nav className={s.column} aria-labelledby="footer-services">
          <h2 className={s.heading} id="footer-services">
            Services
          </h2>
          <ul className={s.list}>
            {PUBLIC_ACTIONS.map((a) => (
              <li key={a.path}>
                <RouteLink to={a.path}>{a.label === 'Plans' ? 'Membership plans' : a.label}</RouteLink>
              </li>
            ))}
            <li>
              <RouteLink to="/services-page">All services</RouteLink>
            </li>
          </ul>
        </nav>
        <nav className={s.column} aria-label="Footer">
          <h2 className={s.heading}>Company</h2>
          <ul className={s.list}>
            <li>
              <RouteLink to="/about-us">About Us</RouteLink>
            </li>
            <li>
              <RouteLink to="/faq">FAQ</RouteLink>
            </li>
            {FOOTER_LINKS.map((l) => (
              <li key={l.path}>
                <RouteLink to={l.path}>{l.label}</RouteLink>
              </li>
            ))}
          </ul>
        </nav>
      </div>
      <div className={s.legal}>
        <Text size={200}>{`© ${new Date().getFullYear()} ${company}. All rights reserved.`}</Text>
      </div>
    </footer>
  );
}
