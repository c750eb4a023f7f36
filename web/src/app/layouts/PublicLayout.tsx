import { Outlet } from 'react-router';
import { makeStyles, tokens } from '@fluentui/react-components';
import { PublicHeader } from './PublicHeader.tsx';
import { PublicFooter } from './PublicFooter.tsx';
import { SkipLink, MAIN_ID } from './SkipLink.tsx';
import { CONTENT_MAX_WIDTH } from '../../lib/layout.ts';
import { usePublished } from '../../lib/content-documents.ts';

const useStyles = makeStyles({
  shell: { minHeight: '100vh', display: 'flex', flexDirection: 'column', backgroundColor: tokens.colorNeutralBackground2 },
  main: {
    flexGrow: 1,
    width: '100%',
    maxWidth: `${CONTENT_MAX_WIDTH}px`,
    marginInline: 'auto',
    boxSizing: 'border-box',
    paddingBlock: tokens.spacingVerticalXXXL,
    paddingInline: tokens.spacingHorizontalXL,
    ':focus': { outline: 'none' },
    // Headings sit by the page's own gaps, not the browser's margins.
    '& h1': { marginBlock: 0 },
    '@media (max-width: 599px)': { paddingBlock: tokens.spacingVerticalXL, paddingInline: tokens.spacingHorizontalM },
  },
});

/** The public frame: header, the page, and the footer with the contact details and company a Super Admin sets. */
export function PublicLayout() {
  const s = useStyles();
  const site = usePublished('site');
  const contact = usePublished('contact');
  const siteBody = site.status === 'ready' ? site.data.body : null;
  return (
    <div className={s.shell}>
      <SkipLink />
      <PublicHeader companyName={siteBody?.company_name ?? 'ACPG'} logoImageId={siteBody?.logo_image_id ?? null} />
      <main id={MAIN_ID} tabIndex={-1} className={s.main}>
        <Outlet />
      </main>
      <PublicFooter site={siteBody} contact={contact.status === 'ready' ? contact.data.body : null} />
    </div>
  );
}
