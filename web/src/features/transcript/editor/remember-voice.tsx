import { useState } from 'react';
import { HttpError } from '../../../lib/http';
import { errorMessage } from '../../../lib/error-message';
import { useRecording } from '../../../lib/api/recordings';
import { useRememberVoice } from '../../../lib/api/voices';
import { Button } from '../../../components/ui/button';

const NUMBERED = /^Speaker \d+$/;

/**
 * "Remember this voice" beside a speaker's name on the transcript: the voice is made a voice print from this
 * speaker's lines, and later transcripts of the account give that person's lines this name. A recording in a
 * workspace remembers the voice for the workspace: every member's recordings there are named with it. Offered once
 * the speaker has a name of their own (a "Speaker 2" is nobody to remember).
 */
export function RememberVoice({
  recordingId,
  label,
  name,
}: {
  recordingId: string;
  /** The speaker as the saved transcript shows them. */
  label: string;
  /** Their name, perhaps renamed a moment ago and not saved yet. */
  name: string;
}) {
  // The page has the recording already: this reads it from the cache.
  const workspaceId = useRecording(recordingId).data?.workspaceId ?? null;
  const remember = useRememberVoice(workspaceId);
  const [done, setDone] = useState<string | null>(null);
  if (NUMBERED.test(name)) return null;
  if (done === name)
    return (
      <span className="text-xs text-emerald-700" role="status">
        Voice remembered: later transcripts {workspaceId ? 'in this workspace ' : ''}call them {name}.
      </span>
    );
  const send = async () => {
    try {
      await remember.mutateAsync({ recordingId, speaker: label, name });
    } catch (error) {
      // The rename was saved in between: the transcript now calls the speaker by the new name.
      if (!(error instanceof HttpError && error.status === 422 && label !== name)) throw error;
      await remember.mutateAsync({ recordingId, speaker: name, name });
    }
    setDone(name);
  };
  return (
    <span className="flex flex-wrap items-center gap-2">
      <Button
        variant="unstyled"
        disabled={remember.isPending}
        onClick={() => void send().catch(() => undefined)}
        className="rounded px-1.5 py-0.5 text-xs text-brand-700 hover:bg-brand-50 disabled:opacity-50"
        title={`Give this name to this voice in ${workspaceId ? 'this workspace’s' : 'your'} later transcripts`}
      >
        {remember.isPending ? 'Remembering…' : 'Remember this voice'}
      </Button>
      {remember.error ? (
        <span role="alert" className="text-xs text-red-600">
          {errorMessage(remember.error)}
        </span>
      ) : null}
    </span>
  );
}
