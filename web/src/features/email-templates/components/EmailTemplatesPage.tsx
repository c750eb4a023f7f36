import { useId, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { Badge, Field, Input, Select, Text, makeStyles, tokens } from '@fluentui/react-components';
import { SearchRegular } from '@fluentui/react-icons';
import type { TemplateChannel, TemplateSummary } from '@acpg/contracts/email-templates';
import { DataTable, type GridColumn } from '../../../components/DataTable.tsx';
import { EmptyState, ErrorState, LoadingBlock } from '../../../components/PageState.tsx';
import { LinkButton } from '../../../components/LinkButton.tsx';
import { PersonName } from '../../../components/PersonName.tsx';
import { ScreenHeading } from '../../../components/ScreenHeading.tsx';
import { useAccountNames } from '../../../lib/account-names.ts';
import { formatDateTime12 } from '../../../lib/dates.ts';
import { useTemplates } from '../api/email-templates.ts';
import { filterTemplates, type TemplateFilter } from '../template-form.ts';
import { TemplateEditor } from './TemplateEditor.tsx';

const useStyles = makeStyles({
  page: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalL },
  filters: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalM, alignItems: 'flex-end' },
  search: { flexGrow: 1, minWidth: '14rem', maxWidth: '28rem' },
  key: { fontFamily: tokens.fontFamilyMonospace, fontSize: tokens.fontSizeBase200, overflowWrap: 'anywhere' },
  muted: { color: tokens.colorNeutralForeground2 },
});

const CHANNELS: Record<TemplateChannel, string> = { email: 'Email', sms: 'Text message' };

/** `/email-templates` (Super Admin): every email and text message the product sends; `?key=` opens one in the editor. */
export default function EmailTemplatesPage() {
  const [params, setParams] = useSearchParams();
  const key = params.get('key');
  if (key) return <TemplateEditor templateKey={key} />;
  return <TemplateList params={params} setParams={setParams} />;
}

function TemplateList({ params, setParams }: { params: URLSearchParams; setParams: ReturnType<typeof useSearchParams>[1] }) {
  const s = useStyles();
  const headingId = useId();
  const templates = useTemplates();
  const filter: TemplateFilter = {
    q: params.get('q') ?? '',
    module: params.get('module') ?? '',
    channel: params.get('channel') === 'email' || params.get('channel') === 'sms' ? (params.get('channel') as TemplateChannel) : '',
  };
  const set = (name: keyof TemplateFilter, value: string) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (value) next.set(name, value);
        else next.delete(name);
        return next;
      },
      { replace: true },
    );
  const items = useMemo(() => templates.data ?? [], [templates.data]);
  const modules = useMemo(() => [...new Set(items.map((i) => i.module))].sort(), [items]);
  const shown = filterTemplates(items, filter);
  const nameOf = useAccountNames(shown.map((i) => i.updated_by));

  const columns: GridColumn<TemplateSummary>[] = [
    {
      id: 'template',
      header: 'Template',
      minWidth: '16rem',
      render: (t) => (
        <div>
          <Text block>{t.description}</Text>
          <span className={s.key}>{t.key}</span>
        </div>
      ),
    },
    { id: 'channel', header: 'Channel', render: (t) => CHANNELS[t.channel] },
    {
      id: 'status',
      header: 'Status',
      render: (t) => (t.edited ? <Badge appearance="tint" color="brand">Edited (version {t.version})</Badge> : <Badge appearance="outline" color="informative">Default</Badge>),
    },
    {
      id: 'updated',
      header: 'Last changed',
      render: (t) =>
        t.updated_at ? (
          <span>
            {formatDateTime12(t.updated_at)} by <PersonName id={t.updated_by} name={t.updated_by ? nameOf(t.updated_by) : null} />
          </span>
        ) : (
          <span className={s.muted}>Never</span>
        ),
    },
    {
      id: 'actions',
      header: 'Actions',
      action: true,
      render: (t) => (
        <LinkButton to={`/email-templates?key=${encodeURIComponent(t.key)}`} appearance="primary" size="small">
          <span>
            Edit<span style={{ position: 'absolute', width: 1, height: 1, overflow: 'hidden', clip: 'rect(0 0 0 0)', whiteSpace: 'nowrap' }}> {t.description}</span>
          </span>
        </LinkButton>
      ),
    },
  ];

  return (
    <section className={s.page} aria-labelledby={headingId}>
      <ScreenHeading id={headingId} title="Email templates" />
      <Text className={s.muted}>Every email and text message the product sends. An edit is used from the next message on; the default stays one click away.</Text>
      <div className={s.filters} role="search" aria-label="Filter templates">
        <Field label="Search" className={s.search}>
          <Input type="search" contentBefore={<SearchRegular />} value={filter.q} onChange={(_, d) => set('q', d.value)} placeholder="Key or description" />
        </Field>
        <Field label="Module">
          <Select value={filter.module} onChange={(_, d) => set('module', d.value)}>
            <option value="">All modules</option>
            {modules.map((m) => (
              <option key={m} value={m}>
                {m}
              </option>
            ))}
          </Select>
        </Field>
        <Field label="Channel">
          <Select value={filter.channel} onChange={(_, d) => set('channel', d.value)}>
            <option value="">Email and text</option>
            <option value="email">Email</option>
            <option value="sms">Text message</option>
          </Select>
        </Field>
      </div>
      {templates.status === 'error' && !templates.data ? (
        <ErrorState title="The templates could not be loaded" message={templates.error} onRetry={templates.reload} />
      ) : !templates.data ? (
        <LoadingBlock label="Loading templates" />
      ) : shown.length === 0 ? (
        <EmptyState>No template matches these filters.</EmptyState>
      ) : (
        <>
          <Text aria-live="polite">
            {shown.length === 1 ? '1 template' : `${shown.length} templates`}
          </Text>
          <DataTable label="Email templates" columns={columns} items={shown} getRowId={(t) => t.key} busy={templates.status === 'loading'} />
        </>
      )}
    </section>
  );
}
