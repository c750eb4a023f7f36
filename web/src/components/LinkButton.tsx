import type { MouseEvent } from 'react';
import { useHref, useLinkClickHandler } from 'react-router';
import { Button, type ButtonProps } from '@fluentui/react-components';

type Props = Pick<ButtonProps, 'appearance' | 'icon' | 'iconPosition' | 'size' | 'shape' | 'children' | 'className'> & { to: string; onClick?: (e: MouseEvent<HTMLAnchorElement>) => void };

/** A Fluent button that is a real link (right-click, middle-click, keyboard) and routes on the client. */
export function LinkButton({ to, onClick, ...props }: Props) {
  const href = useHref(to);
  const navigate = useLinkClickHandler<HTMLAnchorElement>(to);
  return (
    <Button
      {...props}
      as="a"
      href={href}
      onClick={(e: MouseEvent<HTMLAnchorElement>) => {
        onClick?.(e);
        if (!e.defaultPrevented) navigate(e);
      }}
    />
  );
}
