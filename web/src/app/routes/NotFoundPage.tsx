import { LinkButton } from '../../components/LinkButton.tsx';
import { Text, Title1, makeStyles, tokens } from '@fluentui/react-components';

const useStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', alignItems: 'flex-start', gap: tokens.spacingVerticalL, paddingBlock: tokens.spacingVerticalXXXL },
});

export function NotFoundPage() {
  const s = useStyles();
  return (
    <section className={s.root} aria-labelledby="not-found-title">
      <Title1 as="h1" id="not-found-title">
        Page not found
      </Title1>
      <Text as="p">The page you asked for does not exist or has moved.</Text>
      <LinkButton to="/" appearance="primary">
        Go to the home page
      </LinkButton>
    </section>
  );
}
