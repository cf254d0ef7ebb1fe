import { useRouterState } from '@tanstack/react-router';
import { useEffect } from 'react';
import { useCurrentUser } from '../../lib/api/current-user';
import { useChatIdentity } from './api/chat-identity';

interface ScrivoChatGlobal {
  identify?: (identity: { userId: string; email?: string; signature: string }) => void;
  setContextPage?: (page: string) => void;
  q?: unknown[][];
}
declare global {
  interface Window {
    ScrivoChat?: ScrivoChatGlobal;
  }
}

const SCRIPT_ID = 'scrivo-chat-loader';

/**
 * The app embeds its own support widget, the same one customers embed, for signed-in users: the loader script
 * with the app's site key, then identify() with the signature the API computes for this user.
 */
export function SupportWidget() {
  const user = useCurrentUser();
  const path = useRouterState({ select: (s) => s.location.pathname });
  const identity = useChatIdentity(user.data?.id);
  const hidden = path.startsWith('/admin');

  useEffect(() => {
    if (hidden || !identity.data || document.getElementById(SCRIPT_ID)) return;
    const { siteKey, userId, email, signature } = identity.data;
    // Calls queue in `q` until the loader takes over.
    window.ScrivoChat = window.ScrivoChat ?? { q: [] };
    const chat = window.ScrivoChat;
    if (chat.identify) chat.identify({ userId, email, signature });
    else chat.q?.push(['identify', { userId, email, signature }]);
    const script = document.createElement('script');
    script.id = SCRIPT_ID;
    script.src = '/widget/widget.js';
    script.async = true;
    script.dataset.siteKey = siteKey;
    document.body.appendChild(script);
  }, [identity.data, hidden]);

  // The chat button stays where it is on every page, so the page keeps room for it (see styles.css).
  const shown = !hidden && Boolean(identity.data);
  useEffect(() => {
    document.body.classList.toggle('has-support-chat', shown);
    return () => document.body.classList.remove('has-support-chat');
  }, [shown]);

  useEffect(() => {
    if (!hidden) window.ScrivoChat?.setContextPage?.(path);
  }, [path, hidden]);

  return null;
}
