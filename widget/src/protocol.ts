/** Messages between the loader (on the host page) and the frame. Both sides check origin and source. */
export const CHANNEL = 'scrivo-chat';

export type HostCommand =
  | { readonly channel: typeof CHANNEL; readonly type: 'open' }
  | { readonly channel: typeof CHANNEL; readonly type: 'close' }
  | {
      readonly channel: typeof CHANNEL;
      readonly type: 'identify';
      readonly identity: { readonly userId: string; readonly email?: string; readonly signature: string };
    }
  | { readonly channel: typeof CHANNEL; readonly type: 'setContextPage'; readonly page: string }
  /** The loader's answer to `ready`: what it kept for this site in the host page's storage. */
  | {
      readonly channel: typeof CHANNEL;
      readonly type: 'restore';
      readonly session: StoredSession | null;
      readonly open: boolean;
    };

/**
 * The visitor's session, kept by the loader in the host page's localStorage: storage inside a cross-site frame
 * is blocked or partitioned in current browsers, the host page's own storage is not.
 */
export interface StoredSession {
  readonly sessionId: string;
  readonly token: string;
}

export type FrameEvent =
  | { readonly channel: typeof CHANNEL; readonly type: 'ready' }
  | { readonly channel: typeof CHANNEL; readonly type: 'resize'; readonly open: boolean }
  | { readonly channel: typeof CHANNEL; readonly type: 'store'; readonly session: StoredSession | null };

export const isChannelMessage = (data: unknown): data is { channel: string; type: string } =>
  typeof data === 'object' && data !== null && (data as { channel?: unknown }).channel === CHANNEL;
