import type { ReactNode } from 'react';
import { Button, MessageBar, MessageBarActions, MessageBarBody, MessageBarTitle, SkeletonItem, Skeleton, Spinner, Text, makeStyles, tokens } from '@fluentui/react-components';

const useStyles = makeStyles({
  skeleton: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM, paddingBlock: tokens.spacingVerticalL },
  empty: { paddingBlock: tokens.spacingVerticalXXL, color: tokens.colorNeutralForeground2 },
  center: { display: 'flex', justifyContent: 'center', paddingBlock: tokens.spacingVerticalXXL },
});

export function LoadingBlock({ label = 'Loading', lines = 4 }: { label?: string; lines?: number }) {
  const s = useStyles();
  return (
    <Skeleton aria-label={label} className={s.skeleton}>
      <SkeletonItem size={32} style={{ width: '40%' }} />
      {Array.from({ length: lines }, (_, i) => (
        <SkeletonItem key={i} size={16} />
      ))}
    </Skeleton>
  );
}

export function LoadingSpinner({ label = 'Loading' }: { label?: string }) {
  const s = useStyles();
  return (
    <div className={s.center}>
      <Spinner label={label} />
    </div>
  );
}

export function ErrorState({ title = 'Something went wrong', message, onRetry }: { title?: string; message: string; onRetry?: () => void }) {
  return (
    <MessageBar intent="error" layout="multiline">
      <MessageBarBody>
        <MessageBarTitle>{title}</MessageBarTitle>
        {message}
      </MessageBarBody>
      {onRetry && (
        <MessageBarActions>
          <Button onClick={onRetry}>Try again</Button>
        </MessageBarActions>
      )}
    </MessageBar>
  );
}

export function EmptyState({ children }: { children: ReactNode }) {
  const s = useStyles();
  return (
    <Text as="p" className={s.empty}>
      {children}
    </Text>
  );
}
