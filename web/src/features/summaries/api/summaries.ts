import type {
  EditSummaryBody,
  RequestSummaryBody,
  Summary,
} from '@scrivo/contracts/summaries/summaries.contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, ok } from '../../../lib/api-client';

const summaryKeys = { one: (recordingId: string) => ['summary', recordingId] as const };

/** The summary, polled every second while its job runs (progress, then the result). */
export const useSummary = (recordingId: string) =>
  useQuery({
    queryKey: summaryKeys.one(recordingId),
    queryFn: () => ok(api.summaries.get({ params: { id: recordingId } })),
    refetchInterval: (query) => (query.state.data?.status === 'running' ? 1000 : false),
  });

const useSummaryMutation = <Input>(recordingId: string, call: (input: Input) => Promise<Summary>) => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: (summary) => client.setQueryData(summaryKeys.one(recordingId), summary),
  });
};

export const useRequestSummary = (recordingId: string) =>
  useSummaryMutation(recordingId, (body: RequestSummaryBody) =>
    ok(api.summaries.request({ params: { id: recordingId }, body })),
  );

export const useCancelSummary = (recordingId: string) =>
  useSummaryMutation(recordingId, () => ok(api.summaries.cancel({ params: { id: recordingId } })));

export const useSaveSummary = (recordingId: string) =>
  useSummaryMutation(recordingId, (body: EditSummaryBody) =>
    ok(api.summaries.edit({ params: { id: recordingId }, body })),
  );

const settingsKey = ['summary-settings'] as const;

export const useSummarySettings = () =>
  useQuery({ queryKey: settingsKey, queryFn: () => ok(api.summaries.settings()) });

export const useChangeSummarySettings = () => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (autoSummarize: boolean) => ok(api.summaries.changeSettings({ body: { autoSummarize } })),
    onSuccess: (settings) => client.setQueryData(settingsKey, settings),
  });
};
