import type { SummaryTemplateBody } from '@scrivo/contracts/summaries/summaries.contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, ok } from '../../../lib/api-client';

const templatesKey = ['summary-templates'] as const;

/** The built-in templates, then the account's own. */
export const useSummaryTemplates = () =>
  useQuery({ queryKey: templatesKey, queryFn: () => ok(api.summaries.templates()) });

const useTemplateMutation = <Input>(call: (input: Input) => Promise<unknown>) => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: () => client.invalidateQueries({ queryKey: templatesKey }),
  });
};

export const useCreateSummaryTemplate = () =>
  useTemplateMutation((body: SummaryTemplateBody) => ok(api.summaries.createTemplate({ body })));

export const useChangeSummaryTemplate = () =>
  useTemplateMutation(({ templateId, body }: { templateId: string; body: SummaryTemplateBody }) =>
    ok(api.summaries.changeTemplate({ params: { templateId }, body })),
  );

export const useRemoveSummaryTemplate = () =>
  useTemplateMutation((templateId: string) => ok(api.summaries.removeTemplate({ params: { templateId } })));
