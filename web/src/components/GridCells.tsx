import type { ReactNode } from 'react';
import { Badge, Button, makeStyles, tokens, type BadgeProps } from '@fluentui/react-components';

const useStyles = makeStyles({
  // Dates, codes and badges keep one line: the grid's cells otherwise break words anywhere.
  nowrap: { whiteSpace: 'nowrap' },
  actions: { display: 'flex', gap: tokens.spacingHorizontalS },
});

/** A cell's text on one line (a date, an id). */
export function NoWrap({ children }: { children: ReactNode }) {
  return <span className={useStyles().nowrap}>{children}</span>;
}

/** A row's status as a tinted badge on one line. */
export function StatusBadge({ color, children }: { color: BadgeProps['color']; children: ReactNode }) {
  return (
    <Badge className={useStyles().nowrap} appearance="tint" color={color}>
      {children}
    </Badge>
  );
}

/** Active or Inactive, as a badge. */
export const ActiveBadge = ({ active }: { active: boolean }) => <StatusBadge color={active ? 'success' : 'informative'}>{active ? 'Active' : 'Inactive'}</StatusBadge>;

/** A row's Edit and Activate/Deactivate buttons, named after the row (`name`); the switch stays focusable while it runs. */
export function EditAndSwitch({ name, active, switching, onEdit, onSwitch }: { name: string; active: boolean; switching: boolean; onEdit: () => void; onSwitch: () => void }) {
  return (
    <div className={useStyles().actions}>
      <Button size="small" onClick={onEdit} aria-label={`Edit ${name}`}>
        Edit
      </Button>
      <Button size="small" disabledFocusable={switching} onClick={onSwitch} aria-label={`${active ? 'Deactivate' : 'Activate'} ${name}`}>
        {active ? 'Deactivate' : 'Activate'}
      </Button>
    </div>
  );
}
