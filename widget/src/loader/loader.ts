import {
  CHANNEL,
  type FrameEvent,
  type HostCommand,
  isChannelMessage,
  type StoredSession,
} from '../protocol';

/**
 * Computed by the host site's server: hex HMAC-SHA256 with the site's identity secret of `userId + "\n" + email`
 * (or of `userId` alone when no email is passed). An email the signature does not cover is not shown to staff.
 */
type Identity = { userId: string; email?: string; signature: string };
type Call = ['open'] | ['close'] | ['identify', Identity] | ['setContextPage', string];

interface ScrivoChatApi {
  open(): void;
  close(): void;
  identify(identity: Identity): void;
  setContextPage(page: string): void;
  /** 'loading' until the frame is ready, then 'ready'; 'refused' when this origin may not use the site. */
  status: 'loading' | 'ready' | 'refused';
  q?: Call[];
}

declare global {
  interface Window {
    ScrivoChat?: Partial<ScrivoChatApi> & { q?: Call[] };
  }
}

const CLOSED = { width: '76px', height: '76px' };
const OPEN = { width: 'min(400px, calc(100vw - 16px))', height: 'min(640px, calc(100vh - 16px))' };

// One script tag: <script src="https://scrivo.example/widget/widget.js" data-site-key="..." async></script>
(() => {
  const script = document.currentScript as HTMLScriptElement | null;
  const siteKey = script?.dataset.siteKey;
  if (!script || !siteKey) {
    console.error('[ScrivoChat] The script tag needs a data-site-key attribute.');
    return;
  }
  const base = new URL(script.src).origin;
  // Calls made before the script loaded (a stub that pushes to `q`) are kept and replayed in order.
  const queue: Call[] = [...(window.ScrivoChat?.q ?? [])];
  let frame: HTMLIFrameElement | null = null;

  const send = (call: Call) => {
    const [type, arg] = call;
    const message: HostCommand =
      type === 'identify'
        ? { channel: CHANNEL, type, identity: arg as Identity }
        : type === 'setContextPage'
          ? { channel: CHANNEL, type, page: String(arg) }
          : { channel: CHANNEL, type };
    frame?.contentWindow?.postMessage(message, base);
  };
  const call = (c: Call) => (api.status === 'ready' ? send(c) : queue.push(c));

  const api: ScrivoChatApi = {
    status: 'loading',
    open: () => call(['open']),
    close: () => call(['close']),
    identify: (identity) => call(['identify', identity]),
    setContextPage: (page) => call(['setContextPage', page]),
  };
  window.ScrivoChat = api;

  const key = `scrivo-chat:${siteKey}`;
  const read = <T>(storage: () => Storage, name: string): T | null => {
    try {
      const raw = storage().getItem(name);
      return raw ? (JSON.parse(raw) as T) : null;
    } catch {
      return null;
    }
  };
  const write = (storage: () => Storage, name: string, value: unknown) => {
    try {
      if (value === null) storage().removeItem(name);
      else storage().setItem(name, JSON.stringify(value));
    } catch {
      // storage blocked: the chat still works, it just starts fresh on the next page
    }
  };

  const size = (open: boolean) => {
    if (!frame) return;
    const { width, height } = open ? OPEN : CLOSED;
    frame.style.setProperty('width', width, 'important');
    frame.style.setProperty('height', height, 'important');
  };

  window.addEventListener('message', (event: MessageEvent) => {
    if (
      event.origin !== base ||
      !frame ||
      event.source !== frame.contentWindow ||
      !isChannelMessage(event.data)
    )
      return;
    const data = event.data as FrameEvent;
    if (data.type === 'ready') {
      const restore: HostCommand = {
        channel: CHANNEL,
        type: 'restore',
        session: read<StoredSession>(() => localStorage, key),
        open: read<boolean>(() => sessionStorage, `${key}:open`) === true,
      };
      frame.contentWindow?.postMessage(restore, base);
      api.status = 'ready';
      for (const c of queue.splice(0)) send(c);
    } else if (data.type === 'resize') {
      size(data.open);
      // The frame reports "closed" as it boots, before it has heard what to restore: that is not a choice.
      if (api.status === 'ready') write(() => sessionStorage, `${key}:open`, data.open);
    } else if (data.type === 'store') write(() => localStorage, key, data.session);
  });

  const mount = () => {
    frame = document.createElement('iframe');
    const params = new URLSearchParams({ siteKey, origin: location.origin, page: location.pathname });
    frame.src = `${base}/widget/frame.html?${params}`;
    frame.title = 'Support chat';
    frame.setAttribute('allow', 'clipboard-write');
    // Inline !important styles: host stylesheets cannot move, hide or resize the frame.
    const styles: Record<string, string> = {
      position: 'fixed',
      right: '8px',
      bottom: '8px',
      border: '0',
      margin: '0',
      padding: '0',
      background: 'transparent',
      'color-scheme': 'normal',
      'z-index': '2147483000',
      display: 'block',
      visibility: 'visible',
      opacity: '1',
      'max-width': 'none',
      'max-height': 'none',
      transform: 'none',
    };
    for (const [k, v] of Object.entries(styles)) frame.style.setProperty(k, v, 'important');
    size(false);
    document.body.appendChild(frame);
  };

  // The API answers this site's facts only to origins the site allows (CORS): anywhere else the widget stays off.
  fetch(`${base}/api/chat/sites/${encodeURIComponent(siteKey)}`, { credentials: 'omit' })
    .then((response) => {
      if (!response.ok) throw new Error(String(response.status));
      if (document.body) mount();
      else document.addEventListener('DOMContentLoaded', mount);
    })
    .catch(() => {
      api.status = 'refused';
      console.error(
        `[ScrivoChat] This website (${location.origin}) is not allowed to use chat site ${siteKey}.`,
      );
    });
})();
