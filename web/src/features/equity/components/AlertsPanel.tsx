import { useState } from 'react';
import { Badge, Button, makeStyles, tokens } from '@fluentui/react-components';
import { ALERT_STATUSES, EQUITY_ALERT_UPDATED_MESSAGE, type AlertView } from '@acpg/contracts/equity';
import type { GridColumn } from '../../../components/PagedGrid.tsx';
import { ListGrid } from '../../../components/ListScreen.tsx';
import { NoWrap, StatusBadge } from '../../../components/GridCells.tsx';
import { PersonName } from '../../../components/PersonName.tsx';
import { useAccountNames } from '../../../lib/account-names.ts';
import { formatDateTime12 } from '../../../lib/dates.ts';
import { exportList } from '../../../lib/fetch-every.ts';
import { usePagedList, type Filters } from '../../../lib/paged-list.ts';
import { ALERT_LIST, fetchAllAlerts, fetchMyAlerts, type AlertFilter } from '../api/equity.ts';
import { ALERT_BADGE, addressOf, alertStatusLabel, documentTypeLabel, recordedDay } from '../equity-text.ts';
import { AlertDialog } from './AlertDialog.tsx';
import { ListFilters } from './ListFilters.tsx';
import { useLiveList } from '../../../lib/live-list.ts';

const MESSAGES = [EQUITY_ALERT_UPDATED_MESSAGE];
type Row = AlertView & { id: string };
const rowOf = (v: AlertView): Row => ({ ...v, id: v.alert_id });

const useStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalL },
});

/** Whether a pushed alert belongs in the list as filtered (the server applies the same rules on the next read). */
const matches = (a: AlertView, f: Filters<AlertFilter>) => {
  const words = `${a.alert_id} ${a.property.address_line} ${a.property.city} ${a.property.zip} ${a.property.apn} ${a.recording.document_number} ${a.recording.grantor} ${a.recording.grantee}`.toLowerCase();
  return (
    (!f.q || words.includes(f.q.toLowerCase())) &&
    (!f.status ? f.cases_only !== 'true' || a.status === 'disputed' || a.status === 'resolved' : a.status === f.status) &&
    (!f.county || a.property.county === f.county) &&
    (!f.document_type || a.recording.document_type === f.document_type) &&
    (!f.from || a.raised_at.slice(0, 10) >= f.from) &&
    (!f.to || a.raised_at.slice(0, 10) <= f.to)
  );
};

const EXPORT_HEADER = ['Alert', 'Raised', 'Member', 'Property', 'County', 'APN', 'Document type', 'Document number', 'Recorded', 'Grantor', 'Grantee', 'Amount (USD)', 'Status', 'Case note', 'Resolution'];

/** The alerts and fraud cases: the member's own, or every member's for a Super Admin; live, filtered, paged, exported. */
export function AlertsPanel({ admin }: { admin: boolean }) {
  const s = useStyles();
  const list = usePagedList(ALERT_LIST);
  const [open, setOpen] = useState<string | null>(null);
  const fetchPage = admin ? fetchAllAlerts : fetchMyAlerts;
  const view = useLiveList({
    list,
    messages: MESSAGES,
    // A member's alerts are pushed to their account's room; Super Admins receive every alert by role.
    mine: !admin,
    fetchPage,
    toRow: rowOf,
    created: { sort: 'raised_at', at: (a) => a.raised_at },
    accepts: matches,
    deps: [admin],
  });
  const rows = view.data?.items ?? null;
  const nameOf = useAccountNames(admin ? (rows?.map((r) => r.account_id) ?? []) : []);

  const columns: GridColumn<Row>[] = [
    { id: 'raised_at', header: 'Raised', sortable: true, minWidth: '160px', render: (a) => <NoWrap>{formatDateTime12(a.raised_at)}</NoWrap> },
    ...(admin ? [{ id: 'member', header: 'Member', render: (a: Row) => <PersonName id={a.account_id} name={nameOf(a.account_id)} /> }] : []),
    { id: 'property', header: 'Property', minWidth: '200px', render: (a) => `${a.property.address_line}, ${a.property.city}` },
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
    { id: 'county', header: 'County', sortable: true, minWidth: '120px', render: (a) => a.property.county },
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
        a.alert_id,
        a.raised_at,
        admin ? (nameOf(a.account_id) ?? a.account_id) : 'Me',
        addressOf(a.property),
        a.property.county,
        a.property.apn,
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
          <ListFilters
            key={JSON.stringify(list.filters)}
            label="Filter alerts"
            spec={ALERT_LIST}
            applied={list.filters}
            statuses={ALERT_STATUSES.map((st) => ({ value: st, label: alertStatusLabel(st, admin) }))}
            searchHint={admin ? 'Member name or email, address, APN, document number or a party’s name' : 'Address, APN, document number or a party’s name'}
            dayLabel="Raised"
            onApply={(f) => list.applyFilters(f)}
            onClear={list.clearFilters}
          />
        }
        label="Alerts and fraud cases"
        pagerLabel="Alert pages"
        noun={{ one: 'alert', other: 'alerts' }}
        columns={columns}
        getRowId={(a) => a.id}
        noMatch="No alerts match these filters."
        empty={admin ? 'No alerts yet. Alerts appear when an imported recording falls on a protected property.' : 'No alerts. When a document is recorded on a property you protect, it appears here at once.'}
        onExport={onExport}
      />
      {open && <AlertDialog alertId={open} admin={admin} onClose={() => setOpen(null)} />}
    </div>
  );
}
