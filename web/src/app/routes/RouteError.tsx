import { isRouteErrorResponse, useRouteError } from 'react-router';
import { Button, Text, Title1, makeStyles, tokens } from '@fluentui/react-components';

const useStyles = makeStyles({ root: { padding: tokens.spacingHorizontalXXL, display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM } });

export function RouteError() {
  const s = useStyles();
  const error = useRouteError();
  console.error(error);
  const message = isRouteErrorResponse(error) ? `${error.status} ${error.statusText}` : 'The screen could not be shown.';
  return (
    <main className={s.root}>
      <Title1 as="h1">Something went wrong</Title1>
      <Text as="p">{message}</Text>
      <div>
        <Button appearance="primary" onClick={() => location.reload()}>
          Reload the page
        </Button>
      </div>
    </main>
  );
}
