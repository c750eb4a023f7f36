import { useEffect, useState } from 'react';
import { Button, makeStyles, tokens } from '@fluentui/react-components';
import { ArrowUpRegular } from '@fluentui/react-icons';
import { SCROLL_TOP_THRESHOLD } from '../lib/layout.ts';

const useStyles = makeStyles({
  button: { position: 'fixed', right: tokens.spacingHorizontalXXL, bottom: tokens.spacingVerticalXXL, zIndex: 10, boxShadow: tokens.shadow8 },
});

/** Appears after 400 px of scrolling (spec section 9). */
export function ScrollToTop() {
  const s = useStyles();
  const [visible, setVisible] = useState(false);
  useEffect(() => {
    const onScroll = () => setVisible(window.scrollY > SCROLL_TOP_THRESHOLD);
    onScroll();
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => window.removeEventListener('scroll', onScroll);
  }, []);
  if (!visible) return null;
  return (
    <Button
      className={s.button}
      shape="circular"
      appearance="primary"
      size="large"
      icon={<ArrowUpRegular />}
      aria-label="Scroll to top"
      onClick={() => window.scrollTo({ top: 0, behavior: 'smooth' })}
    />
  );
}
