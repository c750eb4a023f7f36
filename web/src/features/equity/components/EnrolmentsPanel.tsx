import { useState } from 'react';
import { useNavigate } from 'react-router';
import { Button, Dialog, DialogActions, DialogBody, DialogContent, DialogSurface, DialogTitle, Spinner, makeStyles, tokens } from '@fluentui/react-components';
import { ENROLMENT_STATUSES, EQUITY_ENROLMENT_UPDATED_MESSAGE, type EnrolmentView } from '@acpg/contracts/equity';
import type { GridColumn } from '../../../components/PagedGrid.tsx';
import { ListGrid } from '../../../components/ListScreen.tsx';
import { NoWrap, StatusBadge } from '../../../components/GridCells.tsx';
import { formatDateUs } from '../../../lib/dates.ts';
import { exportList } from '../../../lib/fetch-every.ts';
import { formatCents } from '../../../lib/money.ts';
import { notify } from '../../../lib/notify.ts';
import type { Filters } from '../../../lib/paged-list.ts';
import { cancelEnrolment, ENROLMENT_LIST, fetchAllEnrolments, fetchMyEnrolments, type EnrolmentFilter } from '../api/equity.ts';
import { ENROLMENT_BADGE, enrolmentStatusLabel } from '../equity-text.ts';
import { leadCells, matchesProperty } from '../property-list.ts';
import { keepPropertyForFlow } from './ProtectPropertyFlow.tsx';
import { countyColumn, leadColumns, PropertyListFilters, usePropertyList } from './PropertyList.tsx';
import { EMPTY_TEXT, listReader } from '../empty-text.ts';

const MESSAGES = [EQUITY_ENROLMENT_UPDATED_MESSAGE];
type Row = EnrolmentView & { id: string };
const rowOf = (v: EnrolmentView): Row => ({ ...v, id: v.enrollment_id });

const useStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalL },
  actions: { display: 'flex', gap: tokens.spacingHorizontalS, flexWrap: 'wrap' },
});

const matches = (e: Row, f: Filters<EnrolmentFilter>) => matchesProperty(e, f, e.requested_at, [e.property.county]) && (!f.status || e.status === f.status);

/** A year's protection that ran out: recordings no longer raise alerts until the member protects it again (paid again). */
const expired = (e: EnrolmentView) => e.status === 'active' && e.protected_until !== null && e.protected_until < new Date().toISOString();
const priceText = (e: EnrolmentView) => (e.included ? (e.plan_name ? `Included with ${e.plan_name}` : 'Free') : `${formatCents(e.price_cents)} a year`);
const EXPORT_HEADER = ['Enrollment', 'Enrolled', 'Member', 'Property', 'County', 'APN', 'Status', 'Protected since', 'Protected until', 'Price'];

/** The protected properties: the member's own, or every enrolment for a Super Admin; live, filtered, paged, exported. */
export function EnrolmentsPanel({ admin }: { admin: boolean }) {
  const s = useStyles();
  const navigate = useNavigate();
  const [stopping, setStopping] = useState<Row | null>(null);
  const [busy, setBusy] = useState(false);
  const { list, view, fetchPage, nameOf, provider } = usePropertyList({
    admin,
    spec: ENROLMENT_LIST,
    messages: MESSAGES,
    fetchMine: fetchMyEnrolments,
    fetchAll: fetchAllEnrolments,
    toRow: rowOf,
    created: { sort: 'requested_at', at: (e) => e.requested_at },
    accepts: matches,
  });

  const finishPayment = (e: Row) => {
    keepPropertyForFlow({ id: e.property.property_id, address_line: e.property.address_line, city: e.property.city, county: e.property.county, state: 'CA', zip: e.property.zip, apn: e.property.apn });
    void navigate('/equity-protect-property-search');
  };
  const stop = async () => {
    if (!stopping) return;
    setBusy(true);
    try {
      const r = await cancelEnrolment(stopping.enrollment_id);
      notify.success(r.message ?? 'Protection stopped.');
      setStopping(null);
      view.reload();
    } catch (e) {
      notify.error(e instanceof Error ? e.message : 'Protection could not be stopped. Try again.');
    } finally {
      setBusy(false);
    }
  };

  const columns: GridColumn<Row>[] = [
    ...leadColumns<Row>(admin, nameOf, { id: 'requested_at', header: 'Enrolled', at: (e) => e.requested_at }),
    countyColumn<Row>(),
    { id: 'apn', header: 'APN', render: (e) => <NoWrap>{e.property.apn}</NoWrap> },
    {
      id: 'status',
      header: 'Status',
      sortable: true,
      render: (e) => (expired(e) ? <StatusBadge color="informative">Expired</StatusBadge> : <StatusBadge color={ENROLMENT_BADGE[e.status]}>{enrolmentStatusLabel(e.status)}</StatusBadge>),
    },
    { id: 'until', header: 'Protected until', minWidth: '120px', render: (e) => (e.status === 'active' && e.protected_until ? formatDateUs(e.protected_until) : '—') },
    { id: 'price', header: 'Price', minWidth: '140px', render: priceText },
    ...(admin
      ? []
      : [
          {
            id: 'actions',
            action: true,
            header: 'Actions',
            minWidth: '170px',
            render: (e: Row) => (
              <div className={s.actions}>
                {e.status === 'awaiting_payment' && (
                  <Button size="small" appearance="primary" onClick={() => finishPayment(e)}>
                    Finish payment
                  </Button>
                )}
                {(e.status === 'cancelled' || expired(e)) && (
                  <Button size="small" onClick={() => finishPayment(e)} aria-label={`Protect ${e.property.address_line} again`}>
                    Protect again
                  </Button>
                )}
                {e.status !== 'cancelled' && !expired(e) && (
                  <Button size="small" onClick={() => setStopping(e)} aria-label={`Stop protecting ${e.property.address_line}`}>
                    Stop protecting
                  </Button>
                )}
              </div>
            ),
          },
        ]),
  ];

  const onExport = (kind: 'xlsx' | 'csv', signal: AbortSignal) =>
    exportList(kind, fetchPage, list, signal, {
      header: EXPORT_HEADER,
      row: (e) => [
        ...leadCells(admin, nameOf, rowOf(e), e.requested_at),
        expired(e) ? 'Expired' : enrolmentStatusLabel(e.status),
        e.protected_since ?? '',
        e.protected_until ?? '',
        priceText(e),
      ],
      fileBase: admin ? 'equity-protect-enrollments-all' : 'equity-protect-properties',
    });

  return (
    <div className={s.root}>
      <ListGrid
        list={list}
        view={view}
        filters={
          <PropertyListFilters
            list={list}
            spec={ENROLMENT_LIST}
            admin={admin}
            label="Filter protected properties"
            statuses={ENROLMENT_STATUSES.map((st) => ({ value: st, label: enrolmentStatusLabel(st) }))}
            searchHint="Address, APN or county"
            dayLabel="Enrolled"
          />
        }
        label="Protected properties"
        pagerLabel="Protected property pages"
        noun={{ one: 'property', other: 'properties' }}
        columns={columns}
        getRowId={(e) => e.id}
        noMatch="No properties match these filters."
        empty={EMPTY_TEXT.enrollments[listReader(admin, provider)]}
        onExport={onExport}
      />
      <Dialog open={stopping !== null} onOpenChange={(_, d) => !d.open && setStopping(null)}>
        <DialogSurface aria-describedby={undefined}>
          <DialogBody>
            <DialogTitle>Stop protecting {stopping?.property.address_line}?</DialogTitle>
            <DialogContent>
              Recordings on this property will no longer raise alerts, from now on.
              {stopping?.status === 'active' && stopping.protected_until
                ? ` Your year of protection runs until ${formatDateUs(stopping.protected_until)}: protect it again before then at no extra cost.`
                : ''}{' '}
              Alerts you already have stay in your list.
            </DialogContent>
            <DialogActions>
              {/* The safe answer first: the dialog focuses it, so a reflex Enter keeps the protection. */}
              <Button onClick={() => setStopping(null)}>Keep protecting</Button>
              <Button appearance="primary" disabledFocusable={busy} icon={busy ? <Spinner size="tiny" /> : undefined} onClick={() => void stop()}>
                Stop protecting
              </Button>
            </DialogActions>
          </DialogBody>
        </DialogSurface>
      </Dialog>
    </div>
  );
}
