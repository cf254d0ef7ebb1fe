import { useState } from 'react';
import { Badge } from '../../../components/ui/badge';
import { SegmentedToggle } from '../../../components/ui/segmented-toggle';
import type { LandingCopy } from '../i18n/landing-copy';
import { Section } from './section';

type Mode = 'upload' | 'record';

/** The Upload Audio / Record Live toggle (upload by default) over a 600px browser-frame mock. */
export function FeaturesDemo({ copy }: { copy: LandingCopy }) {
  const [mode, setMode] = useState<Mode>('upload');
  const { features } = copy;
  return (
    <Section id="features" title={features.title} subtitle={features.subtitle}>
      <div className="mb-8 flex justify-center">
        <SegmentedToggle
          label={features.toggleLabel}
          value={mode}
          onChange={setMode}
          options={[
            { value: 'upload', label: features.upload },
            { value: 'record', label: features.record },
          ]}
        />
      </div>
      <div className="mx-auto flex h-[600px] max-w-4xl flex-col overflow-hidden rounded-2xl border border-slate-200 shadow-2xl">
        <div
          aria-hidden="true"
          className="flex items-center gap-2 border-b border-slate-200 bg-slate-100 px-4 py-3"
        >
          <span className="h-3 w-3 rounded-full bg-red-400" />
          <span className="h-3 w-3 rounded-full bg-amber-400" />
          <span className="h-3 w-3 rounded-full bg-emerald-400" />
          <span className="ml-3 truncate rounded-md bg-white px-3 py-1 text-xs text-slate-600">
            scrivo / dashboard
          </span>
        </div>
        <div className="flex-1 overflow-hidden bg-white p-4 sm:p-8" data-pane={mode}>
          {mode === 'upload' ? <UploadPane copy={copy} /> : <RecordPane copy={copy} />}
        </div>
      </div>
    </Section>
  );
}

function UploadPane({ copy }: { copy: LandingCopy }) {
  const pane = copy.features.uploadPane;
  return (
    <div className="flex h-full flex-col gap-6 motion-safe:animate-[fadein_.4s_ease-out]">
      <div className="flex flex-col items-center justify-center gap-2 rounded-2xl border-2 border-dashed border-brand-500/60 bg-brand-50 px-4 py-10 text-center">
        <span aria-hidden="true" className="text-4xl motion-safe:animate-bounce">
          ⬆️
        </span>
        <p className="font-semibold">{pane.drop}</p>
        <p className="text-sm text-slate-600">{pane.formats}</p>
      </div>
      <div className="flex flex-col gap-2">
        <p className="text-sm font-medium text-slate-700">{pane.progress}</p>
        <div className="h-2 overflow-hidden rounded-full bg-slate-100">
          <div className="h-full w-[68%] rounded-full bg-brand-600 motion-safe:animate-pulse" />
        </div>
      </div>
      <article className="flex flex-col gap-3 rounded-xl border border-slate-200 p-4 shadow-sm">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <h3 className="font-semibold">{pane.recordingTitle}</h3>
          <Badge tone="success">{pane.completed}</Badge>
        </div>
        <div className="flex items-center gap-3 text-sm text-slate-600">
          <span aria-hidden="true">▶</span>
          <div className="h-1.5 flex-1 rounded-full bg-slate-100">
            <div className="h-full w-[28%] rounded-full bg-brand-500" />
          </div>
          <span className="tabular-nums">{pane.position}</span>
        </div>
      </article>
    </div>
  );
}

function RecordPane({ copy }: { copy: LandingCopy }) {
  const pane = copy.features.recordPane;
  return (
    <div className="flex h-full flex-col gap-6 motion-safe:animate-[fadein_.4s_ease-out]">
      <div className="flex flex-wrap items-center gap-3">
        <span className="flex items-center gap-2 rounded-full bg-red-50 px-3 py-1 text-sm font-semibold text-red-700">
          <span aria-hidden="true" className="h-2.5 w-2.5 rounded-full bg-red-600 motion-safe:animate-ping" />
          {pane.recording} · 03:12
        </span>
        <Badge>{pane.microphone}</Badge>
        <Badge>{pane.systemAudio}</Badge>
        <Badge tone="brand">{pane.preview}</Badge>
      </div>
      <div aria-hidden="true" className="flex h-20 items-end gap-1">
        {Array.from({ length: 40 }, (_, i) => (
          <span
            key={i}
            className="flex-1 rounded-t bg-brand-500/70 motion-safe:animate-pulse"
            style={{ height: `${20 + ((i * 37) % 80)}%`, animationDelay: `${(i % 7) * 120}ms` }}
          />
        ))}
      </div>
      <ol className="flex flex-col gap-3">
        {pane.liveLines.map((line, index) => (
          <li
            key={line}
            className="rounded-lg bg-slate-50 p-3 text-slate-800 motion-safe:animate-[fadein_.6s_ease-out_both]"
            style={{ animationDelay: `${index * 600}ms` }}
          >
            {line}
          </li>
        ))}
      </ol>
    </div>
  );
}
