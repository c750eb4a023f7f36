import type { MouseEvent, ReactNode } from 'react';
import { useHref, useLinkClickHandler } from 'react-router';
import { Link } from '@fluentui/react-components';

/** A Fluent link to a claim's page that routes on the client, with an accessible name that says which claim. */
export function ClaimLink({ to, label, children }: { to: string; label: string; children: ReactNode }) {
  const href = useHref(to);
  const navigate = useLinkClickHandler<HTMLAnchorElement>(to);
  return (
    <Link as="a" href={href} aria-label={label} onClick={(e: MouseEvent<HTMLAnchorElement>) => navigate(e)}>
      {children}
    </Link>
  );
}
