import type { ReactNode } from 'react';
import type { PageSlug } from '@acpg/contracts/content';
import { Body1, Subtitle1, Text, Title1, makeStyles, mergeClasses, tokens } from '@fluentui/react-components';
import { formatDateUs } from '../../../lib/dates.ts';
import { ErrorState, LoadingBlock, EmptyState } from '../../../components/PageState.tsx';
import { useCmsPage } from '../api/content.ts';

const useStyles = makeStyles({
  article: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalL, maxWidth: '880px' },
  section: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS, paddingBlockStart: tokens.spacingVerticalS },
  body: { whiteSpace: 'pre-line' },
  intro: { fontSize: tokens.fontSizeBase400, lineHeight: tokens.lineHeightBase400 },
  meta: { color: tokens.colorNeutralForeground2 },
  flush: { margin: 0 },
});

/** A public page whose content Super Admins manage (GET /cms/pages/:slug). */
export function CmsPage({ slug, fallbackTitle, children }: { slug: PageSlug; fallbackTitle: string; children?: ReactNode }) {
  const s = useStyles();
  const page = useCmsPage(slug);
  if (page.status === 'loading') return <LoadingBlock label={`Loading ${fallbackTitle}`} />;
  if (page.status === 'error')
    return (
      <section className={s.article}>
        <Title1 as="h1" className={s.flush}>{fallbackTitle}</Title1>
        <ErrorState title="This page could not be loaded" message={page.error} onRetry={page.reload} />
      </section>
    );
  const content = page.data;
  return (
    <article className={s.article} aria-labelledby="page-title">
      <Title1 as="h1" id="page-title" className={s.flush}>
        {content.title || fallbackTitle}
      </Title1>
      {content.intro && <Body1 as="p" className={mergeClasses(s.flush, s.body, s.intro)}>{content.intro}</Body1>}
      {content.sections.length === 0 && !content.intro && <EmptyState>Nothing has been published here yet.</EmptyState>}
      {content.sections.map((section, i) => (
        <section key={i} className={s.section}>
          <Subtitle1 as="h2" className={s.flush}>{section.heading}</Subtitle1>
          <Body1 as="p" className={mergeClasses(s.flush, s.body)}>{section.body}</Body1>
        </section>
      ))}
      {children}
      {content.updated_at && <Text size={200} className={s.meta}>Last updated {formatDateUs(content.updated_at)}</Text>}
    </article>
  );
}
