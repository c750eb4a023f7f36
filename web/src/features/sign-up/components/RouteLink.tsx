import type { ReactNode } from 'react';
import { useHref, useLinkClickHandler } from 'react-router';
import { Link } from '@fluentui/react-components';

/** A Fluent link that routes on the client (and stays a real link for new tabs). */
export function RouteLink({ to, children }: { to: string; children: ReactNode }) {
  const href = useHref(to);
  const onClick = useLinkClickHandler<HTMLAnchorElement>(to);
  return (
    <Link href={href} onClick={onClick}>
      {children}
    </Link>
  );
}
