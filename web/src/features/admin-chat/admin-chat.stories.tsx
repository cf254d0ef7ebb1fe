import type { Meta, StoryObj } from '@storybook/react-vite';
import type { AdminSessionDetail, AdminSessionListItem, ChatMessage } from '@scrivo/contracts';
import { ConversationPane, EmptyConversation } from './components/conversation-pane';
import { SessionList } from './components/session-list';

const now = new Date().toISOString();
const item = (
  id: string,
  patch: Partial<AdminSessionListItem> = {},
  session: Partial<AdminSessionListItem['session']> = {},
) => ({
  session: {
    sessionId: `0b6f1c2e-5d4a-4f3e-9c1b-${id.padStart(12, '0')}`,
    status: 'active' as const,
    contextPage: '/pricing',
    lastActivityAt: now,
    escalationReason: null,
    startedAt: now,
    rating: null,
    contactEmail: null,
    ...session,
  },
  userEmail: null,
  userTier: null,
  lastMessage: 'Do I need a credit card for the free plan?',
  messageCount: 2,
  unreadCount: 0,
  ...patch,
});
const items: AdminSessionListItem[] = [
  item(
    '1',
    { unreadCount: 2, lastMessage: 'What is the capital of Australia?' },
    { status: 'escalated', escalationReason: 'low_confidence' },
  ),
  item(
    '2',
    {
      userEmail: 'ada@example.com',
      userTier: 'premium',
      unreadCount: 1,
      lastMessage: 'I want to talk to a person',
    },
    {
      status: 'escalated',
      escalationReason: 'requested_human',
      contextPage: '/recordings',
    },
  ),
  item(
    '3',
    { userEmail: 'lin@example.com', userTier: 'business_pro', messageCount: 6 },
    { status: 'resolved', rating: 5 },
  ),
  item('4'),
];
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
  createdAt: now,
  confidenceScore: null,
  needsHumanReview: false,
  sources: [],
  ...extra,
});
const detail = (status: AdminSessionDetail['session']['status']): AdminSessionDetail => ({
  session: { ...items[1]!.session, status },
  messages: [
    msg(1, 'user', 'How many minutes have I used this month?'),
    msg(2, 'assistant', "You're on the Premium plan and have used 42 minutes this month.", {
      confidenceScore: 0.95,
      sources: [{ slug: 'plans-and-minutes', title: 'Plans, prices and minutes' }],
    }),
    msg(3, 'user', '<script>alert(1)</script> I want to talk to a person'),
    msg(
      4,
      'assistant',
      "I'm not confident I can answer that correctly, so I've passed your question to our support team.",
      {
        confidenceScore: 0.18,
        needsHumanReview: true,
      },
    ),
    ...(status === 'resolved' ? [msg(5, 'admin', 'Sorted! Have a nice day.')] : []),
  ],
  userContext: { accountInfo: { email: 'ada@example.com' }, subscription: { tier: 'premium', usage: 42 } },
});

const noop = () => undefined;
function AdminPane({ state }: { state: 'empty' | 'escalated' | 'resolved' | 'sending' | 'no-results' }) {
  return (
    <div className="grid h-[640px] grid-cols-[360px_1fr] grid-rows-[100%] bg-slate-50">
      <SessionList
        items={state === 'no-results' ? [] : items}
        total={state === 'no-results' ? 0 : 45}
        page={1}
        pageSize={20}
        loading={false}
        search={state === 'no-results' ? 'refund' : ''}
        status="all"
        selectedId={state === 'empty' || state === 'no-results' ? null : items[1]!.session.sessionId}
        onSearch={noop}
        onStatus={noop}
        onPage={noop}
        onRefresh={noop}
        onSelect={noop}
      />
      <div className="h-full min-h-0 overflow-hidden bg-white">
        {state === 'empty' || state === 'no-results' ? (
          <EmptyConversation />
        ) : (
          <ConversationPane
            detail={detail(state === 'resolved' ? 'resolved' : 'escalated')}
            sending={state === 'sending'}
            closing={false}
            onSend={async () => true}
            onClose={noop}
          />
        )}
      </div>
    </div>
  );
}

const meta = {
  title: 'Admin/Support chat',
  component: AdminPane,
  parameters: { layout: 'fullscreen' },
} satisfies Meta<typeof AdminPane>;
export default meta;
type Story = StoryObj<typeof meta>;

export const NothingSelected: Story = { args: { state: 'empty' } };
export const EscalatedConversation: Story = { args: { state: 'escalated' } };
export const ResolvedConversation: Story = { args: { state: 'resolved' } };
export const SendingReply: Story = { args: { state: 'sending' } };
export const NoSearchResults: Story = { args: { state: 'no-results' } };
