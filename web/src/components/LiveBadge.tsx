import { Badge, Caption1 } from '@fluentui/react-components';

/** Beside a live screen's heading: whether its pushes flow. */
export function LiveBadge({ live }: { live: boolean }) {
  return (
    <Badge appearance="tint" color={live ? 'success' : 'informative'}>
      {live ? 'Live' : 'Live updates off'}
    </Badge>
  );
}

/** Under a live entity's heading, announced when it changes: whether the page follows pushes or checks every few seconds. */
export function LiveNote({ live, className }: { live: boolean; className?: string }) {
  return (
    <div role="status" aria-live="polite">
      <Caption1 className={className}>{live ? 'This page updates live.' : 'Live updates are off: this page checks for changes every few seconds.'}</Caption1>
    </div>
  );
}
