import { useState } from 'react';
import { Badge, Button, makeStyles, tokens } from '@fluentui/react-components';
import { ALERT_STATUSES, EQUITY_ALERT_UPDATED_MESSAGE, type AlertView } from '@acpg/contracts/equity';
import type { GridColumn } from '../../../components/PagedGrid.tsx';
import { ListGrid } from '../../../components/ListScreen.tsx';
import { StatusBadge } from '../../../components/GridCells.tsx';
import { exportList } from '../../../lib/fetch-every.ts';
import type { Filters } from '../../../lib/paged-list.ts';
import { ALERT_LIST, fetchAllAlerts, fetchMyAlerts, type AlertFilter } from '../api/equity.ts';
import { ALERT_BADGE, alertStatusLabel, documentTypeLabel, recordedDay } from '../equity-text.ts';
import { leadCells, matchesProperty } from '../property-list.ts';
import { AlertDialog } from './AlertDialog.tsx';
import { countyColumn, leadColumns, PropertyListFilters, usePropertyList } from './PropertyList.tsx';
import { EMPTY_TEXT, listReader } from '../empty-text.ts';

const MESSAGES = [EQUITY_ALERT_UPDATED_MESSAGE];
type Row = AlertView & { id: string };
const rowOf = (v: AlertView): Row => ({ ...v, id: v.alert_id });

const useStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalL },
});

/** Whether a pushed alert belongs in the list as filtered (the server applies the same rules on the next read). */
const matches = (a: Row, f: Filters<AlertFilter>) =>
  matchesProperty(a, f, a.raised_at, [a.recording.document_number, a.recording.grantor, a.recording.grantee]) &&
  (!f.status ? f.cases_only !== 'true' || a.status === 'disputed' || a.status === 'resolved' : a.status === f.status) &&
  (!f.document_type || a.recording.document_type === f.document_type);

const EXPORT_HEADER = ['Alert', 'Raised', 'Member', 'Property', 'County', 'APN', 'Document type', 'Document number', 'Recorded', 'Grantor', 'Grantee', 'Amount (USD)', 'Status', 'Case note', 'Resolution'];

/** The alerts and fraud cases: the member's own, or every member's for a Super Admin; live, filtered, paged, exported. */
export function AlertsPanel({ admin }: { admin: boolean }) {
  const s = useStyles();
  const [open, setOpen] = useState<string | null>(null);
  const { list, view, fetchPage, nameOf, provider } = usePropertyList({
    admin,
    spec: ALERT_LIST,
    messages: MESSAGES,
    fetchMine: fetchMyAlerts,
    fetchAll: fetchAllAlerts,
    toRow: rowOf,
    created: { sort: 'raised_at', at: (a) => a.raised_at },
    accepts: matches,
  });

  const columns: GridColumn<Row>[] = [
    ...leadColumns<Row>(admin, nameOf, { id: 'raised_at', header: 'Raised', at: (a) => a.raised_at }),
    {
      id: 'document',
      header: 'Document',
      minWidth: '180px',
      render: (a) => (
        <span>
          {documentTypeLabel(a.recording.document_type)} {a.recording.document_number}
          {/* a demo's made-up recording: said in the list too, so nobody takes it for a real deed on their home */}
          {a.sample && (
            <>
              {' '}
              <Badge appearance="outline" color="informative" size="small">
                Sample
              </Badge>
            </>
          )}
        </span>
      ),
    },
    { id: 'recorded', header: 'Recorded', minWidth: '110px', render: (a) => recordedDay(a.recording.recorded_at) },
    countyColumn<Row>(),
    {
      id: 'status',
      header: 'Status',
      sortable: true,
      render: (a) => <StatusBadge color={ALERT_BADGE[a.status]}>{alertStatusLabel(a.status, admin)}</StatusBadge>,
    },
    {
      id: 'open',
      action: true,
      header: 'Details',
      render: (a) => (
        <Button size="small" appearance={!admin && a.status === 'new' ? 'primary' : 'secondary'} onClick={() => setOpen(a.alert_id)} aria-label={`${!admin && a.status === 'new' ? 'Answer' : 'Open'} alert ${a.recording.document_number}`}>
          {!admin && a.status === 'new' ? 'Answer' : 'Open'}
        </Button>
      ),
    },
  ];

  const onExport = (kind: 'xlsx' | 'csv', signal: AbortSignal) =>
    exportList(kind, fetchPage, list, signal, {
      header: EXPORT_HEADER,
      row: (a) => [
        ...leadCells(admin, nameOf, rowOf(a), a.raised_at),
        documentTypeLabel(a.recording.document_type),
        a.recording.document_number,
        a.recording.recorded_at,
        a.recording.grantor,
        a.recording.grantee,
        a.recording.amount_cents === null ? '' : (a.recording.amount_cents / 100).toFixed(2),
        alertStatusLabel(a.status, admin),
        a.case?.note ?? '',
        a.case?.resolution ?? '',
      ],
      fileBase: admin ? 'equity-protect-alerts-all' : 'equity-protect-alerts',
    });

  return (
    <div className={s.root}>
      <ListGrid
        list={list}
        view={view}
        filters={
          <PropertyListFilters
            list={list}
            spec={ALERT_LIST}
            admin={admin}
            label="Filter alerts"
            statuses={ALERT_STATUSES.map((st) => ({ value: st, label: alertStatusLabel(st, admin) }))}
            searchHint="Address, APN, document number or a party’s name"
            dayLabel="Raised"
          />
        }
        label="Alerts and fraud cases"
        pagerLabel="Alert pages"
        noun={{ one: 'alert', other: 'alerts' }}
        columns={columns}
        getRowId={(a) => a.id}
        noMatch="No alerts match these filters."
        empty={EMPTY_TEXT.alerts[listReader(admin, provider)]}
        onExport={onExport}
      />
      {open && <AlertDialog alertId={open} admin={admin} onClose={() => setOpen(null)} />}
    </div>
  );
}
