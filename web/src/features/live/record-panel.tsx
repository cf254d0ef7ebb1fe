import { useEffect, useState } from 'react';
import { displayAudioSupported, type LiveSource, microphones } from './audio-capture';
import { interruptedSession } from './live-recorder';
import { LiveView } from './live-view';
import { useLiveRecorder } from './use-live-recorder';
import { Button } from '../../components/ui/button';
import { Input, Radio } from '../../components/ui/input';

const LANGUAGES: readonly [string, string][] = [
  ['', 'Detect automatically'],
  ['en', 'English'],
  ['es', 'Spanish'],
  ['fr', 'French'],
  ['de', 'German'],
  ['it', 'Italian'],
  ['pt', 'Portuguese'],
  ['ja', 'Japanese'],
  ['ko', 'Korean'],
];

/**
 * The dashboard's Record tab: choose what to record, then the full-screen view takes over. `workspace`: the space
 * chosen in the header (another feature's, handed in by the route), where the recording goes; null: one's own.
 */
export function RecordPanel({ workspace = null }: { workspace?: { id: string; name: string } | null }) {
  const { recorder, state } = useLiveRecorder();
  const [source, setSource] = useState<LiveSource>('microphone');
  const [devices, setDevices] = useState<MediaDeviceInfo[]>([]);
  const [deviceId, setDeviceId] = useState('');
  const [language, setLanguage] = useState('');
  const [title, setTitle] = useState('');
  const [open, setOpen] = useState(false);
  const [interrupted, setInterrupted] = useState(interruptedSession);
  const tabAudio = displayAudioSupported();

  useEffect(() => {
    void microphones().then(setDevices, () => setDevices([]));
  }, [state.phase]);

  const start = () => {
    setOpen(true);
    void recorder.start({
      source,
      deviceId: deviceId || null,
      language: language || null,
      title: title.trim() || undefined,
      ...(workspace ? { workspaceId: workspace.id } : {}),
    });
  };
  const resume = () => {
    if (!interrupted) return;
    setOpen(true);
    setInterrupted(null);
    void recorder.resume(interrupted);
  };

  return (
    <section
      aria-labelledby="record-title"
      className="flex flex-col gap-4 rounded-2xl border border-slate-200 bg-white p-6"
    >
      <h2 id="record-title" className="text-lg font-semibold">
        Record live
      </h2>
      {workspace ? (
        <p className="text-sm text-slate-600" data-testid="record-destination">
          The recording goes into the workspace {workspace.name}.
        </p>
      ) : null}
      {interrupted && (
        <div
          role="status"
          className="flex flex-wrap items-center gap-3 rounded-lg bg-amber-50 p-3 text-amber-900"
        >
          A live recording was interrupted. Nothing recorded is lost.
          <Button
            variant="unstyled"
            onClick={resume}
            className="rounded-lg bg-amber-700 px-3 py-1 font-medium text-white"
          >
            Resume recording
          </Button>
        </div>
      )}
      <fieldset className="flex flex-wrap gap-4">
        <legend className="mb-2 text-sm font-medium">Source</legend>
        {(
          [
            ['microphone', 'Microphone'],
            ['tab', 'Tab or system audio'],
            ['both', 'Both (a meeting)'],
          ] as const
        ).map(([value, label]) => (
          <label key={value} className="flex items-center gap-2">
            <Radio
              name="live-source"
              value={value}
              checked={source === value}
              onChange={() => setSource(value)}
              disabled={value !== 'microphone' && !tabAudio}
            />
            {label}
          </label>
        ))}
      </fieldset>
      {!tabAudio && (
        <p className="text-sm text-slate-600">
          This browser cannot share tab or system audio; the microphone works.
        </p>
      )}
      {source !== 'tab' && (
        <label className="flex flex-col gap-1 text-sm">
          Microphone
          <select
            value={deviceId}
            onChange={(e) => setDeviceId(e.target.value)}
            className="rounded-lg border border-slate-300 p-2"
          >
            <option value="">Default microphone</option>
            {devices
              .filter((d) => d.deviceId && d.deviceId !== 'default')
              .map((d, i) => (
                <option key={d.deviceId} value={d.deviceId}>
                  {d.label || `Microphone ${i + 1}`}
                </option>
              ))}
          </select>
        </label>
      )}
      <label className="flex flex-col gap-1 text-sm">
        Spoken language
        <select
          value={language}
          onChange={(e) => setLanguage(e.target.value)}
          className="rounded-lg border border-slate-300 p-2"
        >
          {LANGUAGES.map(([code, name]) => (
            <option key={code} value={code}>
              {name}
            </option>
          ))}
        </select>
      </label>
      <label className="flex flex-col gap-1 text-sm">
        Title (optional)
        <Input
          value={title}
          onChange={(e) => setTitle(e.target.value)}
          maxLength={200}
          className="rounded-lg border border-slate-300 p-2"
        />
      </label>
      <Button
        variant="unstyled"
        onClick={start}
        className="self-start rounded-lg bg-red-700 px-5 py-2 font-semibold text-white"
      >
        Start recording
      </Button>
      {open && state.phase !== 'idle' && (
        <LiveView recorder={recorder} state={state} onClose={() => setOpen(false)} />
      )}
    </section>
  );
}
