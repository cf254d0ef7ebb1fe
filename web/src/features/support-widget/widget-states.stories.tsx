import type { Meta, StoryObj } from '@storybook/react-vite';
import type { ChatMessage, VisitorSession } from '@scrivo/contracts';
import { ChatPanel, type ChatPanelProps } from '../../../../widget/src/app/components/chat-panel';
import { Launcher } from '../../../../widget/src/app/components/launcher';
import '../../../../widget/src/app/styles.css';
import { PreactMount } from './preact-mount';

const at = '2026-03-01T10:00:00.000Z';
const msg = (
  seq: number,
  role: ChatMessage['role'],
  content: string,
  extra: Partial<ChatMessage> = {},
): ChatMessage => ({
  id: `m-${seq}`,
  seq,
  role,
  content,
  createdAt: at,
  confidenceScore: null,
  needsHumanReview: false,
  sources: [],
  ...extra,
});
const session = (patch: Partial<VisitorSession> = {}): VisitorSession => ({
  sessionId: 's-1',
  status: 'active',
  escalationReason: null,
  rating: null,
  identified: false,
  contactEmail: null,
  adminAvailable: true,
  ...patch,
});
const answered = [
  msg(1, 'user', 'Do I need a credit card for the free plan?'),
  msg(
    2,
    'assistant',
    'No. The Free plan needs no credit card: sign up, verify your email and start with 5 minutes per month.',
    {
      confidenceScore: 0.88,
      sources: [{ slug: 'faq', title: 'FAQ' }],
    },
  ),
];
const noop = async () => true;
const base: ChatPanelProps = {
  messages: [],
  session: null,
  typing: false,
  teamOnline: true,
  error: null,
  helpBase: 'http://localhost:3000',
  onSend: noop,
  onTalkToPerson: () => undefined,
  onLeaveEmail: async () => undefined,
  onRate: () => undefined,
  onClose: () => undefined,
};

function Panel(props: Partial<ChatPanelProps>) {
  return <PreactMount component={ChatPanel} props={{ ...base, ...props }} />;
}

const meta = { title: 'Support widget/States', component: Panel } satisfies Meta<typeof Panel>;
export default meta;
type Story = StoryObj<typeof meta>;

export const LauncherClosed: Story = {
  render: () => (
    <PreactMount component={Launcher} props={{ unread: 0, onOpen: () => undefined }} height={80} />
  ),
};
export const LauncherWithUnread: Story = {
  render: () => (
    <PreactMount component={Launcher} props={{ unread: 3, onOpen: () => undefined }} height={80} />
  ),
};
export const Empty: Story = { args: {} };
export const AssistantAnswered: Story = { args: { messages: answered, session: session() } };
export const Typing: Story = { args: { messages: answered.slice(0, 1), session: session(), typing: true } };
export const EscalatedWithAdmin: Story = {
  args: {
    messages: [
      msg(1, 'user', 'What is the capital of Australia?'),
      msg(
        2,
        'assistant',
        "I'm not confident I can answer that correctly, so I've passed your question to our support team.",
        {
          confidenceScore: 0.12,
          needsHumanReview: true,
        },
      ),
    ],
    session: session({ status: 'escalated', escalationReason: 'low_confidence' }),
  },
};
export const OfflineFallback: Story = {
  args: { ...EscalatedWithAdmin.args, session: session({ status: 'escalated', adminAvailable: false }) },
};
export const OfflineEmailLeft: Story = {
  args: {
    ...EscalatedWithAdmin.args,
    session: session({ status: 'escalated', adminAvailable: false, contactEmail: 'visitor@example.com' }),
  },
};
export const AdminReplied: Story = {
  args: {
    messages: [...answered, msg(3, 'admin', 'Hi! Ada from Scrivo here. Anything else?')],
    session: session({ status: 'escalated' }),
  },
};
export const ResolvedAskingForRating: Story = {
  args: {
    messages: [...answered, msg(3, 'admin', 'Glad to help!')],
    session: session({ status: 'resolved' }),
  },
};
export const Rated: Story = {
  args: {
    messages: [...answered, msg(3, 'admin', 'Glad to help!')],
    session: session({ status: 'resolved', rating: 5 }),
  },
};
export const MarkupShownAsText: Story = {
  args: { messages: [msg(1, 'user', '<script>alert(1)</script><b>not bold</b>')], session: session() },
};
export const ErrorMessage: Story = {
  args: {
    messages: answered,
    session: session(),
    error: 'Too many messages. Please wait 30 seconds and try again.',
  },
};
