import type {
  DeletedRecording,
  Recording,
  RecordingList,
  Transcript,
  Usage,
} from '@scrivo/contracts/recordings/recordings.contract';
import {
  keepPreviousData,
  useMutation,
  useQuery,
  useQueryClient,
  type QueryClient,
} from '@tanstack/react-query';
import { apiJson } from '../../../lib/http';

export interface ListParams {
  page: number;
  pageSize: number;
  q?: string;
  sort: 'date' | 'title' | 'duration';
  order: 'asc' | 'desc';
}

export const recordingKeys = {
  all: ['recordings'] as const,
  lists: () => ['recordings', 'list'] as const,
  list: (params: ListParams) => ['recordings', 'list', params] as const,
  one: (id: string) => ['recordings', 'one', id] as const,
  transcript: (id: string) => ['recordings', 'transcript', id] as const,
  usage: ['usage'] as const,
};

const path = (id: string) => `/api/recordings/${encodeURIComponent(id)}`;

export const listQueryString = (params: ListParams): string => {
  const query = new URLSearchParams({
    page: String(params.page),
    pageSize: String(params.pageSize),
    sort: params.sort,
    order: params.order,
  });
  if (params.q?.trim()) query.set('q', params.q.trim());
  return query.toString();
};

export const useRecordingList = (params: ListParams) =>
  useQuery({
    queryKey: recordingKeys.list(params),
    queryFn: () => apiJson<RecordingList>('GET', `/api/recordings?${listQueryString(params)}`),
    placeholderData: keepPreviousData,
  });

export const useRecording = (id: string) =>
  useQuery({ queryKey: recordingKeys.one(id), queryFn: () => apiJson<Recording>('GET', path(id)) });

export const useTranscript = (id: string, enabled: boolean) =>
  useQuery({
    queryKey: recordingKeys.transcript(id),
    queryFn: () => apiJson<Transcript>('GET', `${path(id)}/transcript`),
    enabled,
    staleTime: Infinity,
  });

export const useUsage = () =>
  useQuery({ queryKey: recordingKeys.usage, queryFn: () => apiJson<Usage>('GET', '/api/usage') });

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
      apiJson<Recording>('PATCH', path(id), { title }),
    onSuccess: (recording) => {
      applyRecording(client, recording);
      void client.invalidateQueries({ queryKey: recordingKeys.lists() });
    },
  });
};

export const useRemove = () => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiJson<DeletedRecording>('DELETE', path(id)),
    onSuccess: () => client.invalidateQueries({ queryKey: recordingKeys.all }),
  });
};

export const useRestore = () => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiJson<Recording>('POST', `${path(id)}/restore`),
    onSuccess: () => client.invalidateQueries({ queryKey: recordingKeys.all }),
  });
};

const statusChange = (action: 'retry' | 'cancel') => () => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiJson<Recording>('POST', `${path(id)}/${action}`),
    onSuccess: (recording) => {
      applyRecording(client, recording);
      void client.invalidateQueries({ queryKey: recordingKeys.usage });
    },
  });
};
export const useRetry = statusChange('retry');
export const useCancel = statusChange('cancel');
