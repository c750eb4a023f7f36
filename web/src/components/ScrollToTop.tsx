import { useEffect, useState } from 'react';
import { Button, Tooltip } from '@fluentui/react-components';
import { ArrowUpRegular } from '@fluentui/react-icons';
import { SCROLL_TOP_THRESHOLD } from '../lib/layout.ts';

/**
 * Appears after 400 px of scrolling (spec section 9). It sits in the sticky top bar, not floating over the page, so it
 * never covers content (a pager's Next button, table text on a phone) or a toast.
 */
export function ScrollToTop() {
  const [visible, setVisible] = useState(false);
  useEffect(() => {
    const onScroll = () => setVisible(window.scrollY > SCROLL_TOP_THRESHOLD);
    onScroll();
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => window.removeEventListener('scroll', onScroll);
  }, []);
  if (!visible) return null;
  return (
    <Tooltip content="Scroll to top" relationship="label">
      <Button appearance="subtle" icon={<ArrowUpRegular />} onClick={() => window.scrollTo({ top: 0, behavior: 'smooth' })} />
    </Tooltip>
  );
}
