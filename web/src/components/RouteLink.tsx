import type { MouseEvent, ReactNode } from 'react';
import { useHref, useLinkClickHandler } from 'react-router';
import { Link } from '@fluentui/react-components';

/** A Fluent link that routes on the client (a real <a>: right-click, middle-click and keyboard work). */
/** `label`: the link's accessible name when its content does not say where it goes (a logo). */
export function RouteLink({ to, children, className, onClick, label }: { to: string; children: ReactNode; className?: string; onClick?: () => void; label?: string }) {
  const href = useHref(to);
  const navigate = useLinkClickHandler<HTMLAnchorElement>(to);
  return (
    <Link as="a" href={href} className={className} aria-label={label} onClick={(e: MouseEvent<HTMLAnchorElement>) => {
        onClick?.();
        navigate(e);
      }}>
      {children}
    </Link>
  );
}
