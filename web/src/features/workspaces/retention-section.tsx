import type { WorkspaceDetail } from '@scrivo/contracts';
import { useId } from 'react';
import { RetentionPolicyForm, retentionSentence } from '../../components/retention-policy-form';
import { errorMessage } from '../../lib/error-message';
import { useSetRetention } from './api/workspaces';
import { managesMembers } from './roles';

/** How long the workspace keeps its recordings: owner and admins set it, everyone else reads it. */
export function RetentionSection({ workspace }: { workspace: WorkspaceDetail }) {
  const id = useId();
  const save = useSetRetention(workspace.id);
  return (
    <section
      aria-labelledby={`${id}-heading`}
      className="space-y-4 rounded-2xl border border-slate-200 bg-white p-6"
    >
      <h2 id={`${id}-heading`} className="text-lg font-semibold">
        Keeping recordings
      </h2>
      <p className="text-sm text-slate-700" data-testid="retention-now">
        {retentionSentence(workspace.retention)}
      </p>
      {managesMembers(workspace.role) ? (
        <RetentionPolicyForm
          policy={workspace.retention}
          onSave={(policy) => save.mutate(policy)}
          saving={save.isPending}
        />
      ) : null}
      {save.error ? (
        <p role="alert" className="text-sm text-red-700">
          {errorMessage(save.error)}
        </p>
      ) : null}
    </section>
  );
}
