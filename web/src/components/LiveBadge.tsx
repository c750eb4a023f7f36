import { Badge } from '@fluentui/react-components';

/** Beside a live screen's heading: whether its pushes flow. */
export function LiveBadge({ live }: { live: boolean }) {
  return (
    <Badge appearance="tint" color={live ? 'success' : 'informative'}>
      {live ? 'Live' : 'Live updates off'}
    </Badge>
  );
}
