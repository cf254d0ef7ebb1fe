import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ClientInferRequest } from '@ts-rest/core';
import type { contract } from '@scrivo/contracts';
import { api, ok } from '../../../lib/api-client';

const keys = { auditors: ['admin', 'auditors'] as const, reads: ['admin', 'audit-reads'] as const };

export type NewAuditor = ClientInferRequest<typeof contract.adminAudit.createAuditor>['body'];

/** The read-only auditors an admin created (asked for once the admin is signed in). */
export const useAuditors = (enabled: boolean) =>
  useQuery({ queryKey: keys.auditors, queryFn: () => ok(api.adminAudit.listAuditors()), enabled });

/** The latest 100 reads by any auditor: who, which stream, when. */
export const useAuditReads = (enabled: boolean) =>
  useQuery({
    queryKey: keys.reads,
    queryFn: () => ok(api.adminAudit.auditReads({ query: { limit: 100 } })),
    enabled,
  });

export const useCreateAuditor = (onCreated: () => void) => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (auditor: NewAuditor) => ok(api.adminAudit.createAuditor({ body: auditor })),
    onSuccess: () => {
      onCreated();
      void client.invalidateQueries({ queryKey: keys.auditors });
    },
  });
};
