import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { RetentionPolicyForm, retentionSentence } from '../../components/retention-policy-form';
import { Spinner } from '../../components/ui/spinner';
import { serverMessage } from '../../lib/errors';
import { personalRetentionApi, personalRetentionQueryKey } from './api/privacy';

/**
 * /data-privacy: how long one's own recordings (those not uploaded into a workspace) are kept. Off by default; a
 * workspace's recordings follow the workspace's own policy.
 */
export function KeepRecordingsSection() {
  const queryClient = useQueryClient();
  const policy = useQuery({ queryKey: personalRetentionQueryKey, queryFn: personalRetentionApi.get });
  const save = useMutation({
    mutationFn: personalRetentionApi.set,
    onSuccess: (saved) => queryClient.setQueryData(personalRetentionQueryKey, saved),
  });
  return (
    <section
      aria-labelledby="keep-recordings-heading"
      className="space-y-4 rounded-2xl border border-slate-200 bg-white p-6"
    >
      <h2 id="keep-recordings-heading" className="text-lg font-semibold text-slate-900">
        Keeping my recordings
      </h2>
      {policy.data === undefined ? (
        <Spinner />
      ) : (
        <>
          <p className="text-sm text-slate-700" data-testid="personal-retention-now">
            {retentionSentence(policy.data, 'you')} This applies to the recordings in your own space; a
            workspace&apos;s recordings follow the workspace&apos;s setting. Each recording shows its date,
            and a warning in its last week.
          </p>
          <RetentionPolicyForm
            policy={policy.data}
            onSave={(chosen) => save.mutate(chosen)}
            saving={save.isPending}
            deleter="you"
          />
        </>
      )}
      {save.error ? (
        <p role="alert" className="text-sm text-red-700">
          {serverMessage(save.error, 'Could not save')}
        </p>
      ) : null}
    </section>
  );
}
