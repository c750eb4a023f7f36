import { makeStyles, tokens } from '@fluentui/react-components';

const useStyles = makeStyles({
  link: {
    position: 'absolute',
    left: '-10000px',
    top: 'auto',
    ':focus': { left: tokens.spacingHorizontalM, top: tokens.spacingVerticalM, zIndex: 1000, padding: tokens.spacingHorizontalM, backgroundColor: tokens.colorNeutralBackground1, color: tokens.colorBrandForeground1 },
  },
});

export const MAIN_ID = 'main-content';

export function SkipLink() {
  const s = useStyles();
  return (
    <a className={s.link} href={`#${MAIN_ID}`}>
      Skip to main content
    </a>
  );
}
