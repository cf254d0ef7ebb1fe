import { useCallback, useEffect, useRef, useState } from 'preact/hooks';
import type { StoredSession as Stored } from '../protocol';
import { ChatApiError, type ChatMessage, chatApi, type Identity, type VisitorSession } from './api';

const POLL_MS = 15_000;

/**
 * The conversation's state and every call the widget makes. The session (id and token) is kept by the host
 * page so it survives page loads; updates arrive over the event stream, with a slow poll in case the stream drops.
 */
export const useChat = (options: {
  siteKey: string;
  hostOrigin: string;
  initialPage: string;
  open: boolean;
  /** Hands the session to the host page to keep (see StoredSession). */
  persist: (session: Stored | null) => void;
}) => {
  const { siteKey, hostOrigin, persist } = options;
  const [stored, setStored] = useState<Stored | null>(null);
  const [session, setSession] = useState<VisitorSession | null>(null);
  const [messages, setMessages] = useState<ChatMessage[]>([]);
  const [typing, setTyping] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [unread, setUnread] = useState(0);
  const [siteOnline, setSiteOnline] = useState<boolean | null>(null);
  const identity = useRef<Identity | null>(null);
  const page = useRef(options.initialPage);
  const lastSeq = useRef(0);
  const open = useRef(options.open);
  open.current = options.open;

  const merge = useCallback((incoming: readonly ChatMessage[]) => {
    if (!incoming.length) return;
    setMessages((current) => {
      const seen = new Set(current.map((m) => m.id));
      const fresh = incoming.filter((m) => !seen.has(m.id));
      if (!open.current) setUnread((n) => n + fresh.filter((m) => m.role !== 'user').length);
      return [...current, ...fresh].sort((a, b) => a.seq - b.seq);
    });
    lastSeq.current = Math.max(lastSeq.current, ...incoming.map((m) => m.seq));
  }, []);

  const forget = useCallback(() => {
    persist(null);
    setStored(null);
    setSession(null);
    setMessages([]);
    lastSeq.current = 0;
  }, [persist]);

  const refresh = useCallback(async () => {
    if (!stored) return;
    try {
      const conversation = await chatApi.get(stored.sessionId, stored.token, lastSeq.current);
      setSession(conversation.session);
      merge(conversation.messages);
    } catch (e) {
      if (e instanceof ChatApiError && e.status === 404) forget();
    }
  }, [stored, merge, forget]);

  useEffect(() => {
    void refresh();
    if (!stored) return;
    const events = new EventSource(chatApi.eventsUrl(stored.sessionId, stored.token));
    events.addEventListener('update', () => void refresh());
    const poll = setInterval(() => void refresh(), POLL_MS);
    return () => {
      events.close();
      clearInterval(poll);
    };
  }, [stored, refresh]);

  // While the panel is open, whether a person is around is asked again, so "online" follows the team.
  useEffect(() => {
    if (!options.open) return;
    const check = () =>
      void chatApi
        .site(siteKey)
        .then(({ adminAvailable }) => {
          setSiteOnline(adminAvailable);
          setSession((current) => (current ? { ...current, adminAvailable } : current));
        })
        .catch(() => undefined);
    check();
    const timer = setInterval(check, POLL_MS);
    return () => clearInterval(timer);
  }, [options.open, siteKey]);

  const ensureSession = async (): Promise<Stored> => {
    if (stored) return stored;
    const started = await chatApi.start({
      siteKey,
      hostOrigin,
      contextPage: page.current,
      ...(identity.current ? { identity: identity.current } : {}),
    });
    const next = { sessionId: started.session.sessionId, token: started.token };
    persist(next);
    setStored(next);
    setSession(started.session);
    return next;
  };

  const run = async <T>(work: () => Promise<T>): Promise<T | null> => {
    setError(null);
    try {
      return await work();
    } catch (e) {
      setError(e instanceof Error ? e.message : 'Something went wrong. Please try again.');
      return null;
    }
  };

  return {
    /** The host page gave back the session it kept: continue that conversation. */
    restore: (value: Stored | null) => {
      if (value && typeof value.sessionId === 'string' && typeof value.token === 'string') setStored(value);
    },
    session,
    teamOnline: session?.adminAvailable ?? siteOnline,
    messages,
    typing,
    error,
    unread,
    clearUnread: () => setUnread(0),
    send: async (text: string) => {
      setTyping(true);
      const result = await run(async () => {
        const s = await ensureSession();
        const conversation = await chatApi.post(s.sessionId, s.token, text);
        setSession(conversation.session);
        merge(conversation.messages);
        return true;
      });
      setTyping(false);
      return result === true;
    },
    talkToPerson: () =>
      void run(async () => {
        const s = await ensureSession();
        setSession(await chatApi.escalate(s.sessionId, s.token));
      }),
    leaveEmail: async (email: string) => {
      await run(async () => {
        const s = await ensureSession();
        setSession(await chatApi.leaveEmail(s.sessionId, s.token, email));
      });
    },
    rate: (rating: number) =>
      void run(async () => {
        if (stored) setSession(await chatApi.rate(stored.sessionId, stored.token, rating));
      }),
    identify: async (value: Identity) => {
      identity.current = value;
      if (!stored) return;
      try {
        setSession(await chatApi.identify(stored.sessionId, stored.token, value));
      } catch (e) {
        // Another user signed in on this browser: their chat starts fresh.
        if (e instanceof ChatApiError && e.code === 'IDENTITY_CONFLICT') forget();
      }
    },
    setContextPage: (value: string) => {
      page.current = value;
      if (stored) void chatApi.context(stored.sessionId, stored.token, value).catch(() => undefined);
    },
  };
};
