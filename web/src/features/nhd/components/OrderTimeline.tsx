import { Text, makeStyles, mergeClasses, tokens } from '@fluentui/react-components';
import { CheckmarkCircleFilled, CircleRegular, DismissCircleFilled } from '@fluentui/react-icons';
import type { NhdOrderView, TimelineStep } from '@acpg/contracts/nhd';
import { formatDateTime12 } from '../../../lib/dates.ts';
import { actorText, STEP_LABELS, stepsAhead } from '../order-text.ts';

const BAD: ReadonlySet<TimelineStep> = new Set(['payment_failed', 'report_failed', 'cancelled']);

const useStyles = makeStyles({
  list: { margin: 0, padding: 0, listStyleType: 'none', display: 'flex', flexDirection: 'column' },
  item: { display: 'grid', gridTemplateColumns: '24px 1fr', columnGap: tokens.spacingHorizontalM, paddingBlock: tokens.spacingVerticalS, position: 'relative' },
  icon: { fontSize: '20px', marginTop: '2px' },
  done: { color: tokens.colorPaletteGreenForeground1 },
  bad: { color: tokens.colorPaletteRedForeground1 },
  ahead: { color: tokens.colorNeutralForeground3 },
  text: { display: 'flex', flexDirection: 'column', minWidth: 0, overflowWrap: 'anywhere' },
});

/** The order's lifecycle so far (who and when), then the steps still ahead, greyed. */
export function OrderTimeline({ order, nameOf }: { order: NhdOrderView; nameOf: (id: string) => string | undefined }) {
  const s = useStyles();
  return (
    <ol className={s.list} aria-label="Order timeline">
      {order.timeline.map((step, i) => (
        <li key={`${step.step}-${i}`} className={s.item}>
          {BAD.has(step.step) ? <DismissCircleFilled className={mergeClasses(s.icon, s.bad)} aria-hidden /> : <CheckmarkCircleFilled className={mergeClasses(s.icon, s.done)} aria-hidden />}
          <span className={s.text}>
            <Text weight="semibold">{STEP_LABELS[step.step]}</Text>
            <Text size={200}>
              {formatDateTime12(step.at)} · {actorText(step.by, order, nameOf)}
            </Text>
          </span>
        </li>
      ))}
      {stepsAhead(order).map((step) => (
        <li key={step} className={mergeClasses(s.item, s.ahead)}>
          <CircleRegular className={s.icon} aria-hidden />
          <span className={s.text}>
            <Text>{STEP_LABELS[step]}</Text>
            <Text size={200}>Not yet</Text>
          </span>
        </li>
      ))}
    </ol>
  );
}
