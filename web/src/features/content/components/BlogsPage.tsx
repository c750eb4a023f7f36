import { Link as RouterLink } from 'react-router';
import { Body1, Card, CardHeader, Caption1, Subtitle1, Title1, makeStyles, tokens } from '@fluentui/react-components';
import { usePagedList, type PagedListSpec } from '../../../lib/paged-list.ts';
import { formatDateUs } from '../../../lib/dates.ts';
import { EmptyState, ErrorState, LoadingBlock } from '../../../components/PageState.tsx';
import { Pagination } from '../../../components/Pagination.tsx';
import { BLOG_PAGE_SIZE, useBlogs } from '../api/content.ts';

const useStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalL },
  list: { listStyle: 'none', margin: 0, padding: 0, display: 'grid', gap: tokens.spacingVerticalL, gridTemplateColumns: 'repeat(auto-fill, minmax(min(280px, 100%), 1fr))' },
  title: { color: tokens.colorBrandForeground1 },
  flush: { margin: 0 },
  card: { height: '100%', boxSizing: 'border-box' },
});

/** Newest first, as the server lists them; the page lives in the URL (reload and Back keep it). */
const BLOG_LIST: PagedListSpec<'published_at', never> = { sortFields: ['published_at'], defaultSort: 'published_at', defaultOrder: 'desc', pageSize: BLOG_PAGE_SIZE, filters: [] };

export default function BlogsPage() {
  const s = useStyles();
  const list = usePagedList(BLOG_LIST);
  const blogs = useBlogs(list.page);
  return (
    <section className={s.root} aria-labelledby="blogs-title">
      <Title1 as="h1" id="blogs-title" className={s.flush}>
        Blogs
      </Title1>
      {blogs.status === 'loading' && <LoadingBlock label="Loading blog posts" />}
      {blogs.status === 'error' && <ErrorState title="The blog posts could not be loaded" message={blogs.error} onRetry={blogs.reload} />}
      {blogs.status === 'ready' && blogs.data.items.length === 0 && blogs.data.total === 0 && <EmptyState>No blog posts yet.</EmptyState>}
      {blogs.status === 'ready' && blogs.data.items.length === 0 && blogs.data.total > 0 && (
        <EmptyState>
          There is no page {list.page}. <RouterLink to="/blogs">Go to the newest posts</RouterLink>
        </EmptyState>
      )}
      {blogs.status === 'ready' && blogs.data.items.length > 0 && (
        <>
          <ul className={s.list}>
            {blogs.data.items.map((post) => (
              <li key={post.slug}>
                <Card className={s.card}>
                  <CardHeader
                    header={
                      <Subtitle1 as="h2" className={s.flush}>
                        <RouterLink className={s.title} to={`/blogs/${encodeURIComponent(post.slug)}`}>
                          {post.title}
                        </RouterLink>
                      </Subtitle1>
                    }
                    description={<Caption1>{`${post.author} · ${formatDateUs(post.published_at)}`}</Caption1>}
                  />
                  <Body1 as="p" className={s.flush}>{post.excerpt}</Body1>
                </Card>
              </li>
            ))}
          </ul>
          <Pagination label="Blog pages" page={blogs.data.page} pageSize={blogs.data.page_size || BLOG_PAGE_SIZE} total={blogs.data.total} onPage={list.setPage} />
        </>
      )}
    </section>
  );
}
