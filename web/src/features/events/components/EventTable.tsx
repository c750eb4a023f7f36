import { Link } from '@fluentui/react-components';
import { DataTable, type GridColumn } from '../../../components/DataTable.tsx';
import { NoWrap } from '../../../components/GridCells.tsx';
import { RouteLink } from '../../../components/RouteLink.tsx';
import { formatDateTime12 } from '../../../lib/dates.ts';
import type { TailRow } from '../api/events.ts';

export const streamPath = (stream: string) => `/events/streams/${encodeURIComponent(stream)}`;

/** The events' table: time, type (opens the JSON view), stream (opens its history), version, correlation id. */
export function EventTable({ label, rows, onOpen, showStream = true, busy }: { label: string; rows: readonly TailRow[]; onOpen: (row: TailRow) => void; showStream?: boolean; busy?: boolean }) {
  const columns: GridColumn<TailRow>[] = [
    { id: 'occurredAt', header: 'Time', minWidth: '170px', render: (e) => <NoWrap>{formatDateTime12(e.occurredAt)}</NoWrap> },
    {
      id: 'type',
      header: 'Type',
      render: (e) => (
        <Link as="button" onClick={() => onOpen(e)} aria-label={`${e.type} #${e.position}: show JSON`}>
          {e.type}
        </Link>
      ),
    },
    ...(showStream ? [{ id: 'stream', header: 'Stream', render: (e: TailRow) => <RouteLink to={streamPath(e.stream)}>{e.stream}</RouteLink> }] : []),
    { id: 'version', header: 'Version', render: (e) => e.version },
    { id: 'correlationId', header: 'Correlation id', render: (e) => e.correlationId },
  ];
  return <DataTable label={label} columns={columns} items={rows} getRowId={(e) => String(e.position)} size="small" {...(busy === undefined ? {} : { busy })} />;
}
