import { useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { Badge, Button, Field, Input, makeStyles, tokens } from '@fluentui/react-components';
import { AddRegular } from '@fluentui/react-icons';
import { BlogPostSlug } from '@acpg/contracts/content-documents';
import { ScreenHeading } from '../../../components/ScreenHeading.tsx';
import { EmptyState, ErrorState, LoadingBlock } from '../../../components/PageState.tsx';
import { DataTable, type GridColumn } from '../../../components/DataTable.tsx';
import { Pagination } from '../../../components/Pagination.tsx';
import { LinkButton } from '../../../components/LinkButton.tsx';
import { SimpleDialog } from '../../../components/SimpleDialog.tsx';
import { formatDateTime12 } from '../../../lib/dates.ts';
import { fieldState } from '../../../lib/field-state.ts';
import { BLOG_LIST_PAGE_SIZE, fetchManaged, useAdminBlogs, type AdminBlogRow } from '../api/content-admin.ts';
import { statusBadge } from '../editor-state.ts';
import { slugFrom } from '../content-rules.ts';

const useStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalL, minWidth: 0 },
});

const COLUMNS: readonly GridColumn<AdminBlogRow>[] = [
  { id: 'heading', header: 'Title', render: (r) => r.heading || r.slug, minWidth: '200px' },
  {
    id: 'status',
    header: 'Status',
    render: (r) => {
      const b = statusBadge(r.status);
      return (
        <Badge appearance="tint" color={b.color}>
          {b.label}
        </Badge>
      );
    },
  },
  { id: 'updated', header: 'Last changed', render: (r) => (r.updated_at ? `${formatDateTime12(r.updated_at)}${r.updated_by ? ` by ${r.updated_by}` : ''}` : '—') },
  {
    id: 'edit',
    header: 'Actions',
    action: true,
    render: (r) => (
      <LinkButton to={`/blog-management/${r.slug}`} size="small">
        Edit {r.heading || r.slug}
      </LinkButton>
    ),
  },
];

/** Every blog post, drafts and unpublished ones included, newest first; New post asks for its web address. */
export default function BlogManagementPage() {
  const s = useStyles();
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Number(params.get('page')) || 1);
  const list = useAdminBlogs(page);
  const [creating, setCreating] = useState(false);
  const data = list.data?.page;

  return (
    <div className={s.root}>
      <ScreenHeading id="blog-management-heading" title="Blog Posts">
        <Button appearance="primary" icon={<AddRegular />} onClick={() => setCreating(true)}>
          New post
        </Button>
      </ScreenHeading>
      {list.status === 'error' && !data ? (
        <ErrorState title="The posts could not be loaded" message={list.error ?? 'Request failed'} onRetry={list.reload} />
      ) : !data ? (
        <LoadingBlock label="Loading the posts" />
      ) : data.items.length === 0 ? (
        <EmptyState>No posts yet. Choose New post to write the first one.</EmptyState>
      ) : (
        <>
          <DataTable label="Blog posts" columns={COLUMNS} items={data.items} getRowId={(r) => r.key} busy={list.status === 'loading'} />
          <Pagination page={page} pageSize={BLOG_LIST_PAGE_SIZE} total={data.total} onPage={(p) => setParams(p === 1 ? {} : { page: String(p) })} label="Blog post pages" />
        </>
      )}
      {creating && <NewPostDialog onDismiss={() => setCreating(false)} />}
    </div>
  );
}

function NewPostDialog({ onDismiss }: { onDismiss: () => void }) {
  const navigate = useNavigate();
  const [title, setTitle] = useState('');
  const [slug, setSlug] = useState('');
  const [touched, setTouched] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [checking, setChecking] = useState(false);
  const shownSlug = touched ? slug : slugFrom(title);
  const submit = async () => {
    const checked = BlogPostSlug.safeParse(shownSlug);
    if (!checked.success || checked.data === '') return setError(checked.success ? 'Enter the web address of the post' : (checked.error.issues[0]?.message ?? 'Enter the web address of the post'));
    // A web address another post has: say so here, rather than open that post.
    setChecking(true);
    const existing = await fetchManaged(`blog.${checked.data}`);
    setChecking(false);
    if (!existing.success) return setError(existing.message);
    if (existing.data.revision > 0) return setError('Another post has this web address; choose another');
    navigate(`/blog-management/${checked.data}`, { state: { title } });
  };
  return (
    <SimpleDialog
      title="New post"
      onDismiss={onDismiss}
      actions={
        <>
          <Button appearance="primary" onClick={() => void submit()}>
            {checking ? 'Checking…' : 'Start writing'}
          </Button>
          <Button onClick={onDismiss}>Cancel</Button>
        </>
      }
    >
      <form
        onSubmit={(e) => {
          e.preventDefault();
          void submit();
        }}
        style={{ display: 'flex', flexDirection: 'column', gap: 12 }}
      >
        <Field label="Title">
          <Input value={title} onChange={(_, d) => setTitle(d.value)} />
        </Field>
        <Field label="Web address" hint={`The post will be at /blogs/${shownSlug || 'your-post'}`} required {...fieldState(error)}>
          <Input
            value={shownSlug}
            onChange={(_, d) => {
              setTouched(true);
              setSlug(d.value);
              setError(null);
            }}
          />
        </Field>
      </form>
    </SimpleDialog>
  );
}
