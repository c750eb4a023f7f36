import type { ReactNode } from 'react';
import { Title1, makeStyles, tokens } from '@fluentui/react-components';

const useStyles = makeStyles({
  head: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalM, flexWrap: 'wrap' },
});

/** A screen's one h1, which the frame focuses on navigation; `id` names the screen's section (`aria-labelledby`). */
export function ScreenTitle({ id, children }: { id: string; children: ReactNode }) {
  return (
    <Title1 as="h1" id={id} tabIndex={-1}>
      {children}
    </Title1>
  );
}

/** The h1's row: the screen's title, then its status and actions (the frame places toasts below this row). */
export function ScreenHeading({ id, title, children }: { id: string; title: ReactNode; children?: ReactNode }) {
  const s = useStyles();
  return (
    <div className={s.head}>
      <ScreenTitle id={id}>{title}</ScreenTitle>
      {children}
    </div>
  );
}
