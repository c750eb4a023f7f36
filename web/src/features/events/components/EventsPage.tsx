import { useState, type FormEvent } from 'react';
import { Button, Card, Combobox, Field, Input, MessageBar, MessageBarActions, MessageBarBody, Option, Text, makeStyles, tokens } from '@fluentui/react-components';
import { ArrowDownloadRegular, PauseRegular, PlayRegular } from '@fluentui/react-icons';
import { ListScreen } from '../../../components/ListScreen.tsx';
import { EmptyState, ErrorState, LoadingBlock } from '../../../components/PageState.tsx';
import { countOf } from '../../../lib/plural.ts';
import { fetchTail, useEventTail, useEventTypes, type TailFilters, type TailRow } from '../api/events.ts';
import { EventJsonDialog } from './EventJsonDialog.tsx';
import { EventTable } from './EventTable.tsx';
import { ExportEventsDialog } from './ExportEventsDialog.tsx';

const useStyles = makeStyles({
  filters: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalM, alignItems: 'flex-end' },
  field: { flex: '1 1 240px', minWidth: 0 },
  buttons: { display: 'flex', gap: tokens.spacingHorizontalS },
  actions: { display: 'flex', gap: tokens.spacingHorizontalS, flexWrap: 'wrap' },
  more: { display: 'flex', justifyContent: 'center', gap: tokens.spacingHorizontalM, alignItems: 'center' },
});

const NEW_EVENTS = { one: 'new event', other: 'new events' };
const NO_FILTERS: TailFilters = { types: [], stream: '' };

/** Filters: the types (from the known ones) and a stream name or its start; applied by the form. */
function TailFilterForm({ applied, onApply }: { applied: TailFilters; onApply: (f: TailFilters) => void }) {
  const s = useStyles();
  const known = useEventTypes();
  const [types, setTypes] = useState<string[]>([...applied.types]);
  const [stream, setStream] = useState(applied.stream);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    onApply({ types, stream: stream.trim() });
  };
  return (
    <form className={s.filters} onSubmit={submit} aria-label="Event filters">
      <Field label="Types" className={s.field} hint={types.length > 0 ? `${types.length} selected` : 'Every type'}>
        <Combobox
          multiselect
          placeholder={known.status === 'loading' ? 'Loading types' : 'Any type'}
          selectedOptions={types}
          onOptionSelect={(_, d) => setTypes(d.selectedOptions)}
          value={types.join(', ')}
        >
          {(known.data ?? []).map((t) => (
            <Option key={t.type} value={t.type} text={t.type}>
              {t.sensitive ? `${t.type} (redacted)` : t.type}
            </Option>
          ))}
        </Combobox>
      </Field>
      <Field label="Stream" className={s.field} hint="The stream's name, or how it starts (e.g. nhd-order-)">
        <Input value={stream} onChange={(_, d) => setStream(d.value)} />
      </Field>
      <div className={s.buttons}>
        <Button type="submit" appearance="primary">
          Apply
        </Button>
        <Button
          onClick={() => {
            setTypes([]);
            setStream('');
            onApply(NO_FILTERS);
          }}
        >
          Clear
        </Button>
      </div>
    </form>
  );
}

/** Super Admins' raw event tail (issue 23): newest first, live, pausable; a row's JSON; a stream's history; the export. */
export default function EventsPage() {
  const s = useStyles();
  const [filters, setFilters] = useState<TailFilters>(NO_FILTERS);
  const [paused, setPaused] = useState(false);
  const [open, setOpen] = useState<TailRow | null>(null);
  const [exporting, setExporting] = useState(false);
  // Older pages, read after the live page that ended at `base` (when the live page drops rows off its end, they no longer follow it).
  const [loaded, setOlder] = useState<{ base: number | null; rows: TailRow[]; next: number | null; error: string | null; busy: boolean } | null>(null);
  const tail = useEventTail(filters, paused);
  const data = tail.data;
  const older = loaded && loaded.base === (data?.next_before ?? null) ? loaded : null;
  const held = data?.held.length ?? 0;

  const apply = (next: TailFilters) => {
    setOlder(null);
    setFilters(next);
  };
  const resume = () => {
    setPaused(false);
    // What was held (and anything a gap left out) comes with a fresh read of the newest page.
    if (held > 0 || data?.gap) {
      setOlder(null);
      tail.reload();
    }
  };
  const cursor = older ? older.next : (data?.next_before ?? null);
  const loadMore = async () => {
    if (cursor === null) return;
    const base = data?.next_before ?? null;
    const rows = older?.rows ?? [];
    setOlder({ base, rows, next: cursor, error: null, busy: true });
    const r = await fetchTail(filters, cursor);
    setOlder(
      r.success
        ? { base, rows: [...rows, ...r.data.items], next: r.data.next_before, error: null, busy: false }
        : { base, rows, next: cursor, error: r.message, busy: false },
    );
  };
  const rows = [...(data?.items ?? []), ...(older?.rows ?? [])];
  const filtered = filters.types.length > 0 || filters.stream !== '';

  return (
    <ListScreen
      titleId="events-title"
      title="Events"
      live={tail.live}
      actions={
        <div className={s.actions}>
          {paused ? (
            <Button icon={<PlayRegular />} onClick={resume}>
              Resume
            </Button>
          ) : (
            <Button icon={<PauseRegular />} onClick={() => setPaused(true)}>
              Pause
            </Button>
          )}
          <Button icon={<ArrowDownloadRegular />} onClick={() => setExporting(true)}>
            Export
          </Button>
        </div>
      }
    >
      <Card>
        <TailFilterForm applied={filters} onApply={apply} />
      </Card>

      <div role="status" aria-live="polite">
        {paused && (
          <MessageBar intent="info">
            <MessageBarBody>
              {held > 0 ? `Paused: ${countOf(held, NEW_EVENTS)}${data?.gap ? ' and more' : ''}.` : 'Paused: new events are held back.'}
            </MessageBarBody>
            <MessageBarActions>
              <Button size="small" onClick={resume}>
                Show them
              </Button>
            </MessageBarActions>
          </MessageBar>
        )}
      </div>

      <Card>
        {tail.status === 'error' && !data ? (
          <ErrorState title="The events could not be loaded" message={tail.error ?? 'Request failed'} onRetry={tail.reload} />
        ) : !data ? (
          <LoadingBlock label="Loading events" />
        ) : rows.length === 0 ? (
          <EmptyState>{filtered ? 'No events match these filters.' : 'No events yet.'}</EmptyState>
        ) : (
          <>
            <EventTable label="Events" rows={rows} onOpen={setOpen} busy={tail.status === 'loading'} />
            <div className={s.more}>
              {older?.error && <Text role="alert">{older.error}</Text>}
              {cursor !== null && (
                <Button onClick={() => void loadMore()} disabled={older?.busy === true}>
                  {older?.busy ? 'Loading…' : 'Load older events'}
                </Button>
              )}
              {cursor === null && <Text>No older events.</Text>}
            </div>
          </>
        )}
      </Card>

      {open && <EventJsonDialog row={open} onDismiss={() => setOpen(null)} />}
      {exporting && <ExportEventsDialog initialTypes={filters.types} onDismiss={() => setExporting(false)} />}
    </ListScreen>
  );
}
