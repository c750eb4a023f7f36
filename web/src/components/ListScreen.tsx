import type { ReactNode } from 'react';
import { Button, Card, Title1, makeStyles, mergeClasses, tokens } from '@fluentui/react-components';
import type { LiveList } from '../lib/live-list.ts';
import { listGridProps } from '../lib/live-list.ts';
import type { PagedList } from '../lib/paged-list.ts';
import { LiveBadge } from './LiveBadge.tsx';
import { PagedGrid, type PagedGridProps } from './PagedGrid.tsx';

const useStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalL },
  head: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalM, flexWrap: 'wrap' },
  grow: { flexGrow: 1 },
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
      {filters !== undefined && <Card>{filters}</Card>}
      <Card>
        <PagedGrid<R> {...grid} {...listGridProps(list, view)} empty={filtered && noMatch !== undefined ? none : empty} />
      </Card>
    </>
  );
}
