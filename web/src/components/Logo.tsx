import { makeStyles, tokens } from '@fluentui/react-components';

const useStyles = makeStyles({
  mark: { fontWeight: tokens.fontWeightBold, fontSize: tokens.fontSizeBase500, color: tokens.colorBrandForeground1, letterSpacing: '0.04em' },
});

/** Text brand mark; the bundled 290x60 logo image is not part of the repository yet. */
export function Logo() {
  const s = useStyles();
  return <span className={s.mark}>ACPG</span>;
}
