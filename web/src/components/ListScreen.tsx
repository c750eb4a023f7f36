import { useState, type ReactNode } from 'react';
import { Button, Card, Title1, makeStyles, mergeClasses, tokens, useId } from '@fluentui/react-components';
import { FilterRegular } from '@fluentui/react-icons';
import type { LiveList } from '../lib/live-list.ts';
import { listGridProps } from '../lib/live-list.ts';
import type { PagedList } from '../lib/paged-list.ts';
import { LiveBadge } from './LiveBadge.tsx';
import { PagedGrid, type PagedGridProps } from './PagedGrid.tsx';
import { useCardRows } from './DataTable.tsx';

const useStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalL },
  head: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalM, flexWrap: 'wrap' },
  grow: { flexGrow: 1 },
  toggle: { alignSelf: 'flex-start' },
  // Kept in the page while folded (what was typed stays), only not shown.
  folded: { display: 'none' },
});

/**
 * A list screen's frame: its one h1 (focused on navigation, so tabIndex -1) with the live badge and the screen's actions
 * (Add ...) in the same row, then the screen's content.
 */
export function ListScreen({ titleId, title, live, actions, className, children }: { titleId: string; title: string; live?: boolean; actions?: ReactNode; className?: string; children: ReactNode }) {
  const s = useStyles();
  return (
    <section className={mergeClasses(s.root, className)} aria-labelledby={titleId}>
      <div className={s.head}>
        <Title1 as="h1" id={titleId} tabIndex={-1}>
          {title}
        </Title1>
        {live !== undefined && <LiveBadge live={live} />}
        {actions !== undefined && (
          <>
            <span className={s.grow} />
            {actions}
          </>
        )}
      </div>
      {children}
    </section>
  );
}

type FromList = keyof ReturnType<typeof listGridProps>;

export type ListGridProps<R, S extends string, F extends string> = Omit<PagedGridProps<R>, FromList | 'empty'> & {
  list: PagedList<S, F>;
  view: LiveList<R>;
  /** The filter form, in a card of its own above the grid. */
  filters?: ReactNode;
  /** Shown when the list has no rows and no filters. */
  empty: ReactNode;
  /** Shown when the filters leave no rows (a list with filters). */
  noMatch?: ReactNode;
  /** The no-match text is followed by a "Clear filters" button. */
  offerClear?: boolean;
};

/** A live paged list in cards: its filters (if any), then the grid with paging, sorting, loading, error and empty states. */
export function ListGrid<R, S extends string, F extends string>({ list, view, filters, empty, noMatch, offerClear, ...grid }: ListGridProps<R, S, F>) {
  const filtered = Object.keys(list.filters).length > 0;
  const none = offerClear ? (
    <>
      {noMatch}{' '}
      <Button appearance="transparent" onClick={list.clearFilters}>
        Clear filters
      </Button>
    </>
  ) : (
    noMatch
  );
  return (
    <>
      {filters !== undefined && <ListFilters applied={Object.keys(list.filters).length}>{filters}</ListFilters>}
      <Card>
        <PagedGrid<R> {...grid} {...listGridProps(list, view)} empty={filtered && noMatch !== undefined ? none : empty} />
      </Card>
    </>
  );
}

/**
 * A list's filters in their card. On phones they fold behind a "Filters" button (with the number applied), so the
 * list itself is on the first screen; they start unfolded when some are applied. The form stays mounted while folded.
 */
function ListFilters({ applied, children }: { applied: number; children: ReactNode }) {
  const s = useStyles();
  const phone = useCardRows();
  const [open, setOpen] = useState(applied > 0);
  const id = useId('list-filters');
  // One shape at every width (the button comes and goes beside it), so the form keeps what was typed across a resize.
  return (
    <Card>
      {phone ? (
        <Button className={s.toggle} icon={<FilterRegular />} aria-expanded={open} aria-controls={id} onClick={() => setOpen(!open)}>
          {`${open ? 'Hide filters' : 'Show filters'}${applied > 0 ? ` (${applied} applied)` : ''}`}
        </Button>
      ) : null}
      <div id={id} className={phone && !open ? s.folded : undefined}>
        {children}
      </div>
    </Card>
  );
}
