import { MAX_VOICE_NAME, type VoiceListItem } from '@scrivo/contracts/voices/voices.contract';
import { useState } from 'react';
import { Button } from '../../components/ui/button';
import { errorMessage } from '../../lib/error-message';
import { useForgetVoice, useRenameVoice, useVoices } from '../../lib/api/voices';
import { Input } from '../../components/ui/input';

/** /voices: the people the account's transcripts know by voice, to rename or forget. */
export function VoicesPage() {
  const voices = useVoices();
  return (
    <main id="main" className="mx-auto w-full max-w-3xl space-y-6 px-4 py-8 sm:px-6">
      <h1 className="text-2xl font-bold text-slate-900">Voices</h1>
      <section className="space-y-4 rounded-2xl border border-slate-200 bg-white p-6 text-sm text-slate-700">
        <p>
          People you named once and asked to remember (“Remember this voice” beside a speaker’s name in the
          transcript editor). In every later transcript with speaker labels, their lines carry their name when
          their voice is recognised; someone else is never given it. A voice print is biometric data: it is
          kept sealed with your account’s key, is in “Download my data”, and is deleted when you forget the
          voice or delete your account.
        </p>
        {voices.error ? (
          <p role="alert" className="text-red-600">
            {errorMessage(voices.error)}
          </p>
        ) : null}
        {voices.data && voices.data.voices.length === 0 ? (
          <p className="text-slate-500">No voices remembered yet.</p>
        ) : null}
        <ul className="divide-y divide-slate-100" aria-label="Remembered voices">
          {voices.data?.voices.map((voice) => (
            <VoiceRow key={voice.id} voice={voice} />
          ))}
        </ul>
      </section>
    </main>
  );
}

function VoiceRow({ voice }: { voice: VoiceListItem }) {
  const rename = useRenameVoice();
  const forget = useForgetVoice();
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
      <span className="text-xs text-slate-500">since {new Date(voice.createdAt).toLocaleDateString()}</span>
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
          if (window.confirm(`Forget ${voice.name}’s voice? Later transcripts will no longer name them.`))
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
