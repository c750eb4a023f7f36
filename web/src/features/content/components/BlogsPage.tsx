import { useSearchParams } from 'react-router';
import { Body1, Card, Subtitle1, makeStyles, tokens } from '@fluentui/react-components';
import { EmptyState, ErrorState, LoadingBlock } from '../../../components/PageState.tsx';
import { Pagination } from '../../../components/Pagination.tsx';
import { RouteLink } from '../../../components/RouteLink.tsx';
import { ScreenTitle } from '../../../components/ScreenHeading.tsx';
import { BLOG_PAGE_SIZE, useBlogList, type BlogSummary } from '../../../lib/content-documents.ts';
import { ContentImage, PageMeta } from '../../../components/ContentParts.tsx';
import { AuthorLine } from './AuthorLine.tsx';

const useStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalL },
  intro: { margin: 0, color: tokens.colorNeutralForeground2, fontSize: tokens.fontSizeBase400 },
  list: { listStyle: 'none', margin: 0, padding: 0, display: 'grid', gap: tokens.spacingHorizontalXL, gridTemplateColumns: 'repeat(auto-fill, minmax(min(300px, 100%), 1fr))' },
  card: { height: '100%', boxSizing: 'border-box', display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM, padding: tokens.spacingHorizontalL },
  image: { width: '100%', height: 'auto', aspectRatio: '16 / 9', objectFit: 'cover', borderRadius: tokens.borderRadiusMedium },
  flush: { margin: 0 },
  title: { color: tokens.colorNeutralForeground1, textDecoration: 'none', ':hover': { textDecoration: 'underline' } },
  excerpt: { margin: 0, color: tokens.colorNeutralForeground2, flexGrow: 1 },
});

const pageOf = (value: string | null) => {
  const n = Number(value);
  return Number.isInteger(n) && n >= 1 ? n : 1;
};

function PostCard({ post }: { post: BlogSummary }) {
  const s = useStyles();
  return (
    <Card className={s.card}>
      {post.image_id && <ContentImage className={s.image} id={post.image_id} alt="" sizes="(min-width: 1200px) 380px, (min-width: 700px) 45vw, 100vw" width={1280} height={720} />}
      <Subtitle1 as="h2" className={s.flush}>
        <RouteLink className={s.title} to={`/blogs/${encodeURIComponent(post.slug)}`}>
          {post.heading}
        </RouteLink>
      </Subtitle1>
      <Body1 as="p" className={s.excerpt}>
        {post.excerpt}
      </Body1>
      <AuthorLine author={post.author} date={post.first_published_at} />
    </Card>
  );
}

/** `/blogs`: the published posts, newest first, a page at a time (the page lives in the URL). */
export default function BlogsPage() {
  const s = useStyles();
  const [params, setParams] = useSearchParams();
  const page = pageOf(params.get('page'));
  const blogs = useBlogList(page);
  const setPage = (next: number) => setParams(next > 1 ? { page: String(next) } : {});
  return (
    <section className={s.root} aria-labelledby="page-title">
      <PageMeta title={page > 1 ? `Blog, page ${page}` : 'Blog'} description="Articles on protecting your home, your equity and your property records, from the ACPG team." />
      <ScreenTitle id="page-title">Blog</ScreenTitle>
      <Body1 as="p" className={s.intro}>
        Guides and news on home protection, property records and natural hazard disclosures.
      </Body1>
      {blogs.status === 'loading' && <LoadingBlock label="Loading blog posts" />}
      {blogs.status === 'error' && <ErrorState title="The blog posts could not be loaded" message={blogs.error} onRetry={blogs.reload} />}
      {blogs.status === 'ready' && blogs.data.total === 0 && <EmptyState>No blog posts yet. Check back soon.</EmptyState>}
      {blogs.status === 'ready' && blogs.data.items.length === 0 && blogs.data.total > 0 && (
        <EmptyState>
          There is no page {page}. <RouteLink to="/blogs">Go to the newest posts</RouteLink>
        </EmptyState>
      )}
      {blogs.status === 'ready' && blogs.data.items.length > 0 && (
        <>
          <ul className={s.list}>
            {blogs.data.items.map((post) => (
              <li key={post.slug}>
                <PostCard post={post} />
              </li>
            ))}
          </ul>
          {blogs.data.total > (blogs.data.page_size || BLOG_PAGE_SIZE) && <Pagination label="Blog pages" page={blogs.data.page} pageSize={blogs.data.page_size || BLOG_PAGE_SIZE} total={blogs.data.total} onPage={setPage} />}
        </>
      )}
    </section>
  );
}
