import { useState } from 'react';
import { Badge, Button, Card, Dialog, DialogActions, DialogBody, DialogContent, DialogSurface, DialogTitle, Link, makeStyles, tokens, useRestoreFocusTarget } from '@fluentui/react-components';
import { ArrowUploadRegular, SparkleRegular } from '@fluentui/react-icons';
import { EQUITY_IMPORT_UPDATED_MESSAGE, type ImportView } from '@acpg/contracts/equity';
import { PagedGrid, type GridColumn } from '../../../components/PagedGrid.tsx';
import { formatDateTime12 } from '../../../lib/dates.ts';
import { listGridProps, useLiveList } from '../../../lib/live-list.ts';
import { usePagedList } from '../../../lib/paged-list.ts';
import { fetchImports, IMPORT_LIST } from '../api/equity.ts';
import { ImportFileDialog, RefusedRows, SampleDialog } from './ImportDialogs.tsx';

const MESSAGES = [EQUITY_IMPORT_UPDATED_MESSAGE];
/** Imports are never versioned by the list: a row's matching step is its only change (position orders them). */
type Row = ImportView & { id: string; version: number; position: number };
const rowOf = (v: ImportView): Row => ({ ...v, id: v.import_id, version: v.status === 'matched' ? 2 : 1, position: Date.parse(v.imported_at) });

const useStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalL },
  bar: { display: 'flex', gap: tokens.spacingHorizontalM, flexWrap: 'wrap' },
  nowrap: { whiteSpace: 'nowrap' },
});

const n = (value: number | null) => (value === null ? '…' : value.toLocaleString('en-US'));

/** The recorder feed (Super Admin): import a file, generate sample recordings, and each import's report and matches, live. */
export function ImportsPanel() {
  const s = useStyles();
  const list = usePagedList(IMPORT_LIST);
  const [dialog, setDialog] = useState<'file' | 'sample' | null>(null);
  const [report, setReport] = useState<ImportView | null>(null);
  // The dialogs open from state, not a DialogTrigger: closing one returns focus to the control that opened it.
  const restoreFocus = useRestoreFocusTarget();
  const view = useLiveList({ list, messages: MESSAGES, fetchPage: fetchImports, toRow: rowOf, created: { sort: 'imported_at', at: (r) => r.imported_at } });
  const columns: GridColumn<Row>[] = [
    { id: 'imported_at', header: 'Imported', sortable: true, minWidth: '160px', render: (i) => <span className={s.nowrap}>{formatDateTime12(i.imported_at)}</span> },
    { id: 'file', header: 'File', minWidth: '180px', render: (i) => i.file_name },
    { id: 'rows', header: 'Rows', render: (i) => n(i.row_count) },
    { id: 'accepted', header: 'Accepted', render: (i) => n(i.accepted_count) },
    {
      id: 'refused',
      header: 'Refused',
      render: (i) =>
        i.refused_count > 0 ? (
          <Link as="button" onClick={() => setReport(i)} {...restoreFocus} aria-label={`${i.refused_count} refused rows of ${i.file_name}: see why`}>
            {n(i.refused_count)}
          </Link>
        ) : (
          '0'
        ),
    },
    { id: 'matched', header: 'On protected properties', render: (i) => n(i.matched_count) },
    { id: 'alerts', header: 'Alerts raised', render: (i) => n(i.alert_count) },
    {
      id: 'status',
      header: 'Status',
      render: (i) => (
        <Badge className={s.nowrap} appearance="tint" color={i.status === 'matched' ? 'success' : 'brand'}>
          {i.status === 'matched' ? 'Matched' : 'Matching…'}
        </Badge>
      ),
    },
  ];
  return (
    <div className={s.root}>
      <div className={s.bar}>
        <Button appearance="primary" icon={<ArrowUploadRegular />} onClick={() => setDialog('file')} {...restoreFocus}>
          Import recordings
        </Button>
        <Button icon={<SparkleRegular />} onClick={() => setDialog('sample')} {...restoreFocus}>
          Generate sample recordings
        </Button>
      </div>
      <Card>
        <PagedGrid<Row>
          label="Imports of recorded documents"
          pagerLabel="Import pages"
          noun={{ one: 'import', other: 'imports' }}
          columns={columns}
          getRowId={(i) => i.id}
          {...listGridProps(list, view)}
          empty="No recordings imported yet. Import a county recorder’s file, or generate sample recordings for a demo."
        />
      </Card>
      {dialog === 'file' && <ImportFileDialog onClose={() => setDialog(null)} />}
      {dialog === 'sample' && <SampleDialog onClose={() => setDialog(null)} />}
      <Dialog open={report !== null} onOpenChange={(_, d) => !d.open && setReport(null)}>
        <DialogSurface aria-describedby={undefined}>
          <DialogBody>
            <DialogTitle>Refused rows of {report?.file_name}</DialogTitle>
            <DialogContent>{report && <RefusedRows view={report} />}</DialogContent>
            <DialogActions>
              <Button onClick={() => setReport(null)}>Close</Button>
            </DialogActions>
          </DialogBody>
        </DialogSurface>
      </Dialog>
    </div>
  );
}
