/** @jsxImportSource preact */
import { useEffect, useState } from 'preact/hooks';
import {
  CHANNEL,
  type FrameEvent,
  type HostCommand,
  isChannelMessage,
  type StoredSession,
} from '../protocol';
import { ChatPanel } from './components/chat-panel';
import { Launcher } from './components/launcher';
import { useChat } from './use-chat';

export interface AppProps {
  readonly siteKey: string;
  readonly hostOrigin: string;
  readonly initialPage: string;
}

const tell = (hostOrigin: string, event: FrameEvent) => window.parent.postMessage(event, hostOrigin);

/** The widget inside its frame: it takes commands only from the host origin it was opened for. */
export const App = ({ siteKey, hostOrigin, initialPage }: AppProps) => {
  const [open, setOpen] = useState(false);
  const [persist] = useState(
    () => (session: StoredSession | null) => tell(hostOrigin, { channel: CHANNEL, type: 'store', session }),
  );
  const chat = useChat({ siteKey, hostOrigin, initialPage, open, persist });

  useEffect(() => {
    tell(hostOrigin, { channel: CHANNEL, type: 'resize', open });
    if (open) chat.clearUnread();
  }, [open, hostOrigin]); // eslint-disable-line react-hooks/exhaustive-deps

  useEffect(() => {
    const onMessage = (event: MessageEvent) => {
      if (event.origin !== hostOrigin || event.source !== window.parent || !isChannelMessage(event.data))
        return;
      const command = event.data as HostCommand;
      if (command.type === 'restore') {
        chat.restore(command.session);
        if (command.open) setOpen(true);
      } else if (command.type === 'open') setOpen(true);
      else if (command.type === 'close') setOpen(false);
      else if (command.type === 'identify') void chat.identify(command.identity);
      else if (command.type === 'setContextPage') chat.setContextPage(command.page);
    };
    window.addEventListener('message', onMessage);
    tell(hostOrigin, { channel: CHANNEL, type: 'ready' });
    return () => window.removeEventListener('message', onMessage);
  }, [hostOrigin]); // eslint-disable-line react-hooks/exhaustive-deps

  if (!open) return <Launcher unread={chat.unread} onOpen={() => setOpen(true)} />;
  return (
    <ChatPanel
      messages={chat.messages}
      session={chat.session}
      typing={chat.typing}
      teamOnline={chat.teamOnline}
      error={chat.error}
      helpBase={location.origin}
      onSend={chat.send}
      onTalkToPerson={chat.talkToPerson}
      onLeaveEmail={chat.leaveEmail}
      onRate={chat.rate}
      onClose={() => setOpen(false)}
    />
  );
};
