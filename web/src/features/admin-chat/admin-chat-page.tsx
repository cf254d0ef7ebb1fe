import { CHAT_PAGE_SIZE } from '@scrivo/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import { Spinner } from '../../components/ui/spinner';
import { useToast } from '../../components/ui/toast';
import { HttpError } from '../../lib/http';
import { AdminNav } from '../../components/admin/admin-nav';
import { ADMIN_FLAG } from '../../lib/api/auth';
import { useAdminAuth } from '../../lib/api/admin-auth';
import {
  adminChatKeys,
  type StatusFilter,
  useCloseChat,
  useLiveQueue,
  useRespond,
  useSessionDetail,
  useSessionList,
} from './api/admin-chat';
import { ConversationPane, EmptyConversation } from './components/conversation-pane';
import { SessionList } from './components/session-list';

const describe = (error: unknown) =>
  error instanceof HttpError ? error.serverMessage : error instanceof Error ? error.message : String(error);

const useDebounced = (value: string, ms: number) => {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const t = setTimeout(() => setDebounced(value), ms);
    return () => clearTimeout(t);
  }, [value, ms]);
  return debounced;
};

const signedOut = (error: unknown) => error instanceof HttpError && error.status === 401;

/**
 * Shows the spec's toast when a query starts failing (not again on every 5-second retry of the same failure).
 * A 401 means the admin session ended: that goes back to the login page instead.
 */
const useFailureToast = (error: unknown, title: string, onSignedOut: () => void) => {
  const { toast } = useToast();
  const message = error ? describe(error) : null;
  useEffect(() => {
    if (!error) return;
    if (signedOut(error)) onSignedOut();
    else toast({ title, description: describe(error) });
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [message, title, toast]);
};

/** /admin/chat (spec section 2): the queue on the left, the open conversation on the right. */
export function AdminChatPage() {
  const navigate = useNavigate();
  const client = useQueryClient();
  const { toast } = useToast();
  const auth = useAdminAuth();
  // A cached answer from before a sign-in must not bounce the admin back to the login page.
  const checked = auth.isFetchedAfterMount && !auth.isFetching;
  const authed = auth.data?.isAuthenticated === true && auth.isFetchedAfterMount;
  const [search, setSearch] = useState('');
  const [status, setStatus] = useState<StatusFilter>('all');
  const [page, setPage] = useState(1);
  const [selected, setSelected] = useState<string | null>(null);
  const term = useDebounced(search.trim(), 300);

  useEffect(() => {
    if (checked && auth.data && !auth.data.isAuthenticated) {
      localStorage.removeItem(ADMIN_FLAG);
      void navigate({ to: '/admin/login' });
    }
  }, [checked, auth.data, navigate]);

  const list = useSessionList(page, status, term, authed);
  const detail = useSessionDetail(authed ? selected : null);
  const respond = useRespond(selected ?? '');
  const close = useCloseChat(selected ?? '');
  useLiveQueue(authed);
  const toLogin = () => {
    localStorage.removeItem(ADMIN_FLAG);
    void navigate({ to: '/admin/login' });
  };
  useFailureToast(list.error, 'Failed to fetch sessions', toLogin);
  useFailureToast(detail.error, 'Failed to fetch conversation', toLogin);

  if (!authed) return <Spinner />;

  return (
    <div className="flex h-screen flex-col">
      <AdminNav />
      <main className="grid min-h-0 flex-1 grid-cols-1 bg-slate-50 md:grid-cols-[minmax(300px,380px)_1fr] md:grid-rows-[100%]">
        <SessionList
          items={list.data?.sessions ?? []}
          total={list.data?.total ?? 0}
          page={page}
          pageSize={CHAT_PAGE_SIZE}
          loading={list.isLoading}
          search={search}
          status={status}
          selectedId={selected}
          onSearch={(v) => {
            setSearch(v);
            setPage(1);
          }}
          onStatus={(v) => {
            setStatus(v);
            setPage(1);
          }}
          onPage={setPage}
          onRefresh={() => void client.invalidateQueries({ queryKey: adminChatKeys.all })}
          onSelect={setSelected}
        />
        <div className="h-full min-h-0 overflow-hidden bg-white">
          {selected === null ? (
            <EmptyConversation />
          ) : detail.data ? (
            <ConversationPane
              key={selected}
              detail={detail.data}
              sending={respond.isPending}
              closing={close.isPending}
              onSend={async (content, markResolved) => {
                try {
                  await respond.mutateAsync({ content, markResolved });
                  return true;
                } catch (error) {
                  toast({ title: 'Failed to send response', description: describe(error) });
                  if (signedOut(error)) toLogin();
                  return false;
                }
              }}
              onClose={() =>
                close.mutate(undefined, {
                  onSuccess: () => setSelected(null),
                  onError: (error) => {
                    toast({ title: 'Failed to close chat', description: describe(error) });
                    if (signedOut(error)) toLogin();
                  },
                })
              }
            />
          ) : (
            <Spinner />
          )}
        </div>
      </main>
    </div>
  );
}
