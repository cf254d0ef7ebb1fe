import { useRouter } from '@tanstack/react-router';
import type { AnchorHTMLAttributes, MouseEvent } from 'react';

/**
 * A same-site link by plain path. Pages owned by other features (/signup, /dashboard...) may not be in the
 * route tree this build was type-checked against, so typed `<Link>` cannot name them; this still navigates
 * inside the SPA without a reload and keeps middle-click / new-tab behaviour.
 */
export function AppLink({
  href,
  onClick,
  ...rest
}: AnchorHTMLAttributes<HTMLAnchorElement> & { href: string }) {
  const router = useRouter();
  const handle = (event: MouseEvent<HTMLAnchorElement>) => {
    onClick?.(event);
    if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey)
      return;
    if (!href.startsWith('/') || href.startsWith('//') || href.startsWith('/api/')) return;
    event.preventDefault();
    router.history.push(href);
  };
  return <a href={href} onClick={handle} {...rest} />;
}
