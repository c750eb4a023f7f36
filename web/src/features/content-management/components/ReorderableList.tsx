import { useRef, useState, type ReactNode } from 'react';
import { Button, Text, makeStyles, tokens } from '@fluentui/react-components';
import { AddRegular, ArrowDownRegular, ArrowUpRegular, DeleteRegular } from '@fluentui/react-icons';
import { SimpleDialog } from '../../../components/SimpleDialog.tsx';
import { moveItem } from '../editor-state.ts';

const useStyles = makeStyles({
  list: { listStyle: 'none', padding: 0, margin: 0, display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  item: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalM,
    border: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke2}`,
    borderRadius: tokens.borderRadiusMedium,
    padding: tokens.spacingHorizontalM,
    minWidth: 0,
  },
  head: { display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: tokens.spacingHorizontalS },
  title: { flexGrow: 1, fontWeight: tokens.fontWeightSemibold, minWidth: '120px', overflowWrap: 'anywhere' },
  muted: { color: tokens.colorNeutralForeground2 },
});

export interface ReorderableListProps<T> {
  /** The list's name ("Services"), and one item's ("service"). */
  label: string;
  noun: string;
  items: readonly T[];
  onChange: (items: T[]) => void;
  /** The name of an item, for its heading and its buttons ("Move Membership up"). */
  titleOf: (item: T, index: number) => string;
  /** A stable key of an item (its id), so a moved item keeps its editor; the index otherwise. */
  keyOf?: (item: T, index: number) => string | number;
  renderItem: (item: T, index: number, update: (item: T) => void) => ReactNode;
  make: () => T;
  max: number;
  min?: number;
  /** A list-level error (`items`). */
  error?: string | undefined;
}

/**
 * Items kept in order by keyboard: each has Move up / Move down buttons (focus follows the moved item's button) and
 * Remove, asked first; Add puts a new item at the end.
 */
export function ReorderableList<T>({ label, noun, items, onChange, titleOf, keyOf = (_, i) => i, renderItem, make, max, min = 0, error }: ReorderableListProps<T>) {
  const s = useStyles();
  const [removing, setRemoving] = useState<number | null>(null);
  const listRef = useRef<HTMLOListElement>(null);
  const focusAfterMove = (index: number, which: 'up' | 'down') => {
    requestAnimationFrame(() => {
      const item = listRef.current?.children[index];
      const button = item?.querySelector<HTMLButtonElement>(`[data-move="${which}"]`);
      // At an end the button moved to is not usable: the other one takes focus.
      if (button && button.getAttribute('aria-disabled') !== 'true') button.focus();
      else item?.querySelector<HTMLButtonElement>(`[data-move="${which === 'up' ? 'down' : 'up'}"]`)?.focus();
    });
  };
  const move = (index: number, by: -1 | 1) => {
    onChange(moveItem(items, index, by));
    focusAfterMove(index + by, by === -1 ? 'up' : 'down');
  };

  return (
    <section aria-label={label}>
      {items.length === 0 ? <Text className={s.muted}>No {noun}s yet.</Text> : null}
      <ol className={s.list} ref={listRef}>
        {items.map((item, index) => {
          const title = titleOf(item, index) || `${noun[0]!.toUpperCase()}${noun.slice(1)} ${index + 1}`;
          return (
            <li className={s.item} key={keyOf(item, index)}>
              <div className={s.head}>
                <Text className={s.title}>
                  {index + 1}. {title}
                </Text>
                <Button size="small" data-move="up" icon={<ArrowUpRegular />} aria-label={`Move up: ${title}`} disabledFocusable={index === 0} onClick={() => move(index, -1)}>
                  Move up
                </Button>
                <Button
                  size="small"
                  data-move="down"
                  icon={<ArrowDownRegular />}
                  aria-label={`Move down: ${title}`}
                  disabledFocusable={index === items.length - 1}
                  onClick={() => move(index, 1)}
                >
                  Move down
                </Button>
                <Button size="small" icon={<DeleteRegular />} aria-label={`Remove: ${title}`} disabledFocusable={items.length <= min} onClick={() => setRemoving(index)}>
                  Remove
                </Button>
              </div>
              {renderItem(item, index, (next) => onChange(items.map((it, i) => (i === index ? next : it))))}
            </li>
          );
        })}
      </ol>
      {error && (
        <Text role="alert" style={{ color: 'var(--colorPaletteRedForeground1)' }}>
          {error}
        </Text>
      )}
      <div style={{ marginTop: 12 }}>
        <Button icon={<AddRegular />} disabledFocusable={items.length >= max} onClick={() => onChange([...items, make()])}>
          Add {noun}
        </Button>
      </div>
      {removing !== null && items[removing] !== undefined && (
        <SimpleDialog
          alert
          title={`Remove this ${noun}?`}
          onDismiss={() => setRemoving(null)}
          actions={
            <>
              <Button onClick={() => setRemoving(null)}>Keep it</Button>
              <Button
                appearance="primary"
                onClick={() => {
                  onChange(items.filter((_, i) => i !== removing));
                  setRemoving(null);
                }}
              >
                Remove
              </Button>
            </>
          }
        >
          “{titleOf(items[removing], removing) || `${noun} ${removing + 1}`}” is removed from the draft. Save the draft to keep the change; publish to make it live.
        </SimpleDialog>
      )}
    </section>
  );
}
