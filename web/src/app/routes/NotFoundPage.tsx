import { LinkButton } from '../../components/LinkButton.tsx';
import { Text, Title1, makeStyles, tokens } from '@fluentui/react-components';

const useStyles = makeStyles({
  flush: { margin: 0 },
  root: { display: 'flex', flexDirection: 'column', alignItems: 'flex-start', gap: tokens.spacingVerticalL, paddingBlock: tokens.spacingVerticalXXXL },
});

export function NotFoundPage() {
  const s = useStyles();
  return (
    <section className={s.root} aria-labelledby="not-found-title">
      <Title1 as="h1" id="not-found-title" className={s.flush}>
        Page not found
      </Title1>
      <Text as="p" className={s.flush}>The page you asked for does not exist or has moved.</Text>
      <LinkButton to="/" appearance="primary">
        Go to the home page
      </LinkButton>
    </section>
  );
}
