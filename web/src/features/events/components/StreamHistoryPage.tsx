import { useState } from 'react';
import { useParams } from 'react-router';
import { Button, Card, Text, makeStyles, tokens } from '@fluentui/react-components';
import { ListScreen } from '../../../components/ListScreen.tsx';
import { EmptyState, ErrorState, LoadingBlock } from '../../../components/PageState.tsx';
import { RouteLink } from '../../../components/RouteLink.tsx';
import { useResource } from '../../../lib/use-resource.ts';
import { fetchStreamHistory, type TailRow } from '../api/events.ts';
import { EventJsonDialog } from './EventJsonDialog.tsx';
import { EventTable } from './EventTable.tsx';

const useStyles = makeStyles({
  stream: { fontFamily: tokens.fontFamilyMonospace, overflowWrap: 'anywhere' },
  more: { display: 'flex', justifyContent: 'center', gap: tokens.spacingHorizontalM, alignItems: 'center' },
});

/** One stream's history, oldest first (`/events/streams/:stream`), each event's JSON a click away. */
export default function StreamHistoryPage() {
  const s = useStyles();
  const stream = useParams().stream ?? '';
  const first = useResource((signal) => fetchStreamHistory(stream, 1, signal), [stream]);
  const [later, setLater] = useState<{ stream: string; rows: TailRow[]; next: number | null; error: string | null; busy: boolean } | null>(null);
  const [open, setOpen] = useState<TailRow | null>(null);
  const more = later?.stream === stream ? later : null;
  const next = more ? more.next : (first.data?.next_version ?? null);
  const loadMore = async () => {
    if (next === null) return;
    setLater({ stream, rows: more?.rows ?? [], next, error: null, busy: true });
    const r = await fetchStreamHistory(stream, next);
    setLater({
      stream,
      rows: [...(more?.rows ?? []), ...(r.success ? r.data.items : [])],
      next: r.success ? r.data.next_version : next,
      error: r.success ? null : r.message,
      busy: false,
    });
  };
  const rows = [...(first.data?.items ?? []), ...(more?.rows ?? [])];
  return (
    <ListScreen titleId="stream-title" title="Stream history" actions={<RouteLink to="/events">Back to Events</RouteLink>}>
      <Text>
        Stream <span className={s.stream}>{stream}</span>, oldest first.
      </Text>
      <Card>
        {first.status === 'error' ? (
          <ErrorState title="The stream could not be loaded" message={first.error} onRetry={first.reload} />
        ) : !first.data ? (
          <LoadingBlock label="Loading the stream" />
        ) : rows.length === 0 ? (
          <EmptyState>This stream has no events.</EmptyState>
        ) : (
          <>
            <EventTable label={`Events of ${stream}`} rows={rows} onOpen={setOpen} showStream={false} />
            <div className={s.more}>
              {more?.error && <Text role="alert">{more.error}</Text>}
              {next !== null && (
                <Button onClick={() => void loadMore()} disabled={more?.busy === true}>
                  {more?.busy ? 'Loading…' : 'Load later events'}
                </Button>
              )}
            </div>
          </>
        )}
      </Card>
      {open && <EventJsonDialog row={open} onDismiss={() => setOpen(null)} />}
    </ListScreen>
  );
}
