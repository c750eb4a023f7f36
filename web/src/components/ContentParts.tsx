import { useEffect, type ReactNode } from 'react';
import { MessageBar, MessageBarBody, MessageBarTitle, makeStyles, mergeClasses, tokens } from '@fluentui/react-components';
import { ErrorState, LoadingBlock } from './PageState.tsx';
import { ScreenTitle } from './ScreenHeading.tsx';
import type { DocumentView } from '../lib/content-documents.ts';

const BRAND = 'ACPG';

/** The page's title and description (React 19 hoists both into <head>, on the server too). */
export function PageMeta({ title, description }: { title: string; description: string }) {
  const text = title.includes(BRAND) ? title : `${title} · ${BRAND}`;
  // The tab shows the head's first <title> (the page's shell has one): keep it the same after navigating here.
  useEffect(() => {
    document.title = text;
  }, [text]);
  return (
    <>
      <title>{text}</title>
      <meta name="description" content={description} />
    </>
  );
}

/** DECISIONS.md image widths the server makes (each up to the original's width). */
const WIDTHS = [384, 640, 828, 1080, 1200, 1920] as const;
export const imageUrl = (id: string, width: number) => `/api/v1/cms/images/${encodeURIComponent(id)}/${width}.webp`;

/** An uploaded image in the widths the server serves; `priority` for the page's largest image (the hero). */
export function ContentImage({ id, alt, sizes, className, priority = false, width, height }: { id: string; alt: string; sizes: string; className?: string; priority?: boolean; width: number; height: number }) {
  return (
    <img
      className={className}
      src={imageUrl(id, 1080)}
      srcSet={WIDTHS.map((w) => `${imageUrl(id, w)} ${w}w`).join(', ')}
      sizes={sizes}
      alt={alt}
      width={width}
      height={height}
      loading={priority ? 'eager' : 'lazy'}
      decoding="async"
      onError={(e) => {
        // An upload narrower than the width the browser chose has no file at that width (404): step down a width.
        const img = e.currentTarget;
        const tried = Number(/\/(\d+)\.webp$/.exec(img.currentSrc || img.src)?.[1] ?? 0);
        const smaller = [...WIDTHS].reverse().find((w) => w < tried);
        if (!smaller) return;
        img.removeAttribute('srcset');
        img.src = imageUrl(id, smaller);
      }}
      {...(priority ? { fetchPriority: 'high' as const } : {})}
    />
  );
}

const useStyles = makeStyles({
  html: {
    fontSize: tokens.fontSizeBase400,
    lineHeight: '1.65',
    color: tokens.colorNeutralForeground1,
    overflowWrap: 'anywhere',
    '& > :first-child': { marginBlockStart: 0 },
    '& > :last-child': { marginBlockEnd: 0 },
    '& h2': { fontSize: tokens.fontSizeBase600, lineHeight: tokens.lineHeightBase600, marginBlock: `${tokens.spacingVerticalXL} ${tokens.spacingVerticalS}` },
    '& h3': { fontSize: tokens.fontSizeBase500, lineHeight: tokens.lineHeightBase500, marginBlock: `${tokens.spacingVerticalL} ${tokens.spacingVerticalS}` },
    '& h4': { fontSize: tokens.fontSizeBase400, marginBlock: `${tokens.spacingVerticalM} ${tokens.spacingVerticalXS}` },
    '& p, & ul, & ol, & blockquote': { marginBlock: `0 ${tokens.spacingVerticalM}` },
    '& li': { marginBlockEnd: tokens.spacingVerticalXS },
    '& a': { color: tokens.colorBrandForegroundLink, textDecoration: 'underline' },
    '& blockquote': { marginInline: 0, borderLeft: `4px solid ${tokens.colorBrandStroke2}`, paddingInlineStart: tokens.spacingHorizontalL, color: tokens.colorNeutralForeground2 },
    '& img': { maxWidth: '100%', height: 'auto', borderRadius: tokens.borderRadiusMedium },
  },
  bar: { marginBlockEnd: tokens.spacingVerticalL },
});

/** Sanitized HTML from a content document's `*_html` field (the server sanitizes it when the draft is saved). */
export function RichHtml({ html, className }: { html: string; className?: string }) {
  const s = useStyles();
  // Only `*_html` fields of content documents reach here, sanitized by the server when the draft was saved.
  return <div className={mergeClasses(s.html, className)} dangerouslySetInnerHTML={{ __html: html }} />;
}

/** Shown above a draft opened with ?preview=draft by someone who may manage content. */
export function PreviewBar() {
  const s = useStyles();
  return (
    <MessageBar intent="warning" className={s.bar} role="status">
      <MessageBarBody>
        <MessageBarTitle>Preview of your unpublished draft</MessageBarTitle>
        Visitors see the published version until you publish this draft.
      </MessageBarBody>
    </MessageBar>
  );
}

/**
 * A document page's frame for its loading and error states (with the page's h1 and title), or its content once ready.
 */
export function DocumentFrame<B>({ view, title, children }: { view: DocumentView<B>; title: string; children: (body: B) => ReactNode }) {
  if (view.status === 'ready')
    return (
      <>
        {view.preview && <PreviewBar />}
        {children(view.body)}
      </>
    );
  return (
    <>
      <title>{`${title} · ${BRAND}`}</title>
      <ScreenTitle id="page-title">{title}</ScreenTitle>
      {view.status === 'loading' ? <LoadingBlock label={`Loading ${title}`} /> : <ErrorState title="This page could not be loaded" message={view.error} onRetry={view.reload} />}
    </>
  );
}
