import type { Recording, RecordingList } from '@scrivo/contracts/recordings/recordings.contract';
import {
  keepPreviousData,
  useMutation,
  useQuery,
  useQueryClient,
  type QueryClient,
} from '@tanstack/react-query';
import { api, ok } from '../api-client';
import { isWorking, WORKING_REFETCH_MS } from '../recordings/is-working';

export interface ListParams {
  page: number;
  pageSize: number;
  q?: string;
  sort: 'date' | 'title' | 'duration';
  order: 'asc' | 'desc';
  folder?: string;
  tag?: string;
  /** A workspace's recordings instead of the caller's own. */
  workspaceId?: string;
}

export const recordingKeys = {
  all: ['recordings'] as const,
  lists: () => ['recordings', 'list'] as const,
  list: (params: ListParams) => ['recordings', 'list', params] as const,
  ones: () => ['recordings', 'one'] as const,
  one: (id: string) => ['recordings', 'one', id] as const,
  transcript: (id: string) => ['recordings', 'transcript', id] as const,
  usage: ['usage'] as const,
};

/** The list query as the contract takes it: an empty search is left out. */
const listQuery = (params: ListParams) => ({
  page: params.page,
  pageSize: params.pageSize,
  sort: params.sort,
  order: params.order,
  ...(params.q?.trim() ? { q: params.q.trim() } : {}),
  ...(params.folder ? { folder: params.folder } : {}),
  ...(params.tag ? { tag: params.tag } : {}),
  ...(params.workspaceId ? { workspaceId: params.workspaceId } : {}),
});

export const useRecordingList = (params: ListParams) =>
  useQuery({
    queryKey: recordingKeys.list(params),
    queryFn: () => ok(api.recordings.list({ query: listQuery(params) })),
    placeholderData: keepPreviousData,
    refetchInterval: (query) => (query.state.data?.items.some(isWorking) ? WORKING_REFETCH_MS : false),
  });

export const useRecording = (id: string) =>
  useQuery({
    queryKey: recordingKeys.one(id),
    queryFn: () => ok(api.recordings.get({ params: { id } })),
    refetchInterval: (query) =>
      query.state.data && isWorking(query.state.data) ? WORKING_REFETCH_MS : false,
  });

export const useTranscript = (id: string, enabled: boolean) =>
  useQuery({
    queryKey: recordingKeys.transcript(id),
    queryFn: () => ok(api.recordings.transcript({ params: { id } })),
    enabled,
    staleTime: Infinity,
  });

/**
 * The transcript so far of a long recording transcribed in pieces: fetched again each time one more piece is done
 * (`done` is part of the key), so the page grows as the pieces finish.
 */
export const useTranscriptSoFar = (id: string, done: number) =>
  useQuery({
    queryKey: [...recordingKeys.transcript(id), 'so-far', done] as const,
    queryFn: () => ok(api.recordings.transcript({ params: { id } })),
    enabled: done > 0,
    staleTime: Infinity,
    placeholderData: (previous) => previous,
  });

export const useUsage = () =>
  useQuery({ queryKey: recordingKeys.usage, queryFn: () => ok(api.recordings.usage()) });

/** A changed recording: write it into every cached place that shows it, without refetching lists. */
export const applyRecording = (client: QueryClient, recording: Recording) => {
  client.setQueryData(recordingKeys.one(recording.id), recording);
  client.setQueriesData<RecordingList>({ queryKey: recordingKeys.lists() }, (list) =>
    list
      ? {
          ...list,
          items: list.items.map((item) => (item.id === recording.id ? { ...item, ...recording } : item)),
        }
      : list,
  );
};

export const useRename = () => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, title }: { id: string; title: string }) =>
      ok(api.recordings.update({ params: { id }, body: { title } })),
    onSuccess: (recording) => {
      applyRecording(client, recording);
      void client.invalidateQueries({ queryKey: recordingKeys.lists() });
    },
  });
};

export const useRemove = () => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => ok(api.recordings.remove({ params: { id } })),
    onSuccess: () => client.invalidateQueries({ queryKey: recordingKeys.all }),
  });
};

export const useRestore = () => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => ok(api.recordings.restore({ params: { id } })),
    onSuccess: () => client.invalidateQueries({ queryKey: recordingKeys.all }),
  });
};

const statusChange = (action: (id: string) => Promise<Recording>) => () => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: action,
    onSuccess: (recording) => {
      applyRecording(client, recording);
      void client.invalidateQueries({ queryKey: recordingKeys.usage });
    },
  });
};
export const useRetry = statusChange((id) => ok(api.recordings.retry({ params: { id } })));
export const useCancel = statusChange((id) => ok(api.recordings.cancel({ params: { id } })));
