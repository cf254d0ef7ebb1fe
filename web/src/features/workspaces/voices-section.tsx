import type { WorkspaceDetail } from '@scrivo/contracts';
import { MAX_VOICE_NAME, type VoiceListItem } from '@scrivo/contracts/voices/voices.contract';
import { useId, useState } from 'react';
import { Button } from '../../components/ui/button';
import { Input } from '../../components/ui/input';
import { errorMessage } from '../../lib/error-message';
import { useForgetWorkspaceVoice, useRenameWorkspaceVoice, useWorkspaceVoices } from '../../lib/api/voices';
import { changesShared } from './roles';

/**
 * The people the workspace knows by voice: remembered from its recordings ("Remember this voice" in the transcript
 * editor), they name the speakers of every member's recordings here. Members and up rename and forget; viewers read.
 */
export function VoicesSection({ workspace }: { workspace: WorkspaceDetail }) {
  const id = useId();
  const voices = useWorkspaceVoices(workspace.id);
  const mayChange = changesShared(workspace.role);
  return (
    <section
      aria-labelledby={`${id}-heading`}
      className="space-y-3 rounded-2xl border border-slate-200 bg-white p-6 text-sm text-slate-700"
    >
      <h2 id={`${id}-heading`} className="text-lg font-semibold text-slate-900">
        Voices
      </h2>
      <p>
        People remembered for this workspace. In every later transcript of a recording here, their lines carry
        their name when their voice is recognised (before the uploader’s own voices); someone else is never
        given it.
      </p>
      {voices.error ? (
        <p role="alert" className="text-red-600">
          {errorMessage(voices.error)}
        </p>
      ) : null}
      {voices.data && voices.data.voices.length === 0 ? (
        <p className="text-slate-500">
          No voices yet: a member names a speaker in a transcript here and chooses “Remember this voice”.
        </p>
      ) : null}
      <ul className="divide-y divide-slate-100" aria-label="Workspace voices">
        {voices.data?.voices.map((voice) =>
          mayChange ? (
            <VoiceRow key={voice.id} workspaceId={workspace.id} voice={voice} />
          ) : (
            <li key={voice.id} className="py-2">
              {voice.name}
            </li>
          ),
        )}
      </ul>
    </section>
  );
}

function VoiceRow({ workspaceId, voice }: { workspaceId: string; voice: VoiceListItem }) {
  const rename = useRenameWorkspaceVoice(workspaceId);
  const forget = useForgetWorkspaceVoice(workspaceId);
  const [name, setName] = useState(voice.name);
  const tidy = name.replace(/\s+/g, ' ').trim();
  const failed = rename.error ?? forget.error;
  return (
    <li className="flex flex-wrap items-center gap-3 py-3">
      <Input
        type="text"
        value={name}
        maxLength={MAX_VOICE_NAME}
        aria-label={`Name of the voice ${voice.name}`}
        onChange={(event) => setName(event.currentTarget.value)}
        className="min-w-0 flex-1 rounded-lg border border-slate-300 px-3 py-1.5"
      />
      <Button
        size="compact"
        className="w-auto"
        busy={rename.isPending}
        busyLabel="Renaming…"
        disabled={!tidy || tidy === voice.name}
        onClick={() => rename.mutate({ voiceId: voice.id, name: tidy })}
      >
        Rename
      </Button>
      <Button
        size="compact"
        variant="secondary"
        className="w-auto"
        busy={forget.isPending}
        busyLabel="Forgetting…"
        onClick={() => {
          if (window.confirm(`Forget ${voice.name}’s voice for the whole workspace?`))
            forget.mutate(voice.id);
        }}
      >
        Forget
      </Button>
      {failed ? (
        <p role="alert" className="basis-full text-red-600">
          {errorMessage(failed)}
        </p>
      ) : null}
    </li>
  );
}
