import type { SharedRecording } from '@scrivo/contracts';
import { CopyAllButton } from './components/copy-all-button';
import { TranscriptWorkspace } from './components/transcript-workspace';

interface Props {
  shared: SharedRecording;
  mediaUrl: string | null;
  /** Only when the owner allows downloads. */
  downloadUrl: string | null;
}

/** A transcript opened from a share link: the player glued to the read-only transcript, copy and download. */
export function SharedTranscript({ shared: { title, transcript, media }, mediaUrl, downloadUrl }: Props) {
  return (
    <main id="main">
      <TranscriptWorkspace
        recording={{
          mediaKind: media?.kind ?? null,
          durationSeconds: transcript.durationSeconds,
          sizeBytes: media?.sizeBytes ?? null,
        }}
        transcript={transcript}
        mediaUrl={mediaUrl}
        heading={
          <>
            <p className="text-xs font-semibold uppercase tracking-wide text-brand-600">Shared transcript</p>
            <h1 className="text-2xl font-bold tracking-tight" data-testid="shared-title">
              {title}
            </h1>
          </>
        }
        actions={
          <>
            <CopyAllButton transcript={transcript} />
            {downloadUrl && (
              <a
                href={downloadUrl}
                download
                className="inline-flex h-10 items-center rounded-lg border border-slate-300 px-4 font-medium text-slate-800 hover:bg-slate-50"
              >
                Download recording
              </a>
            )}
          </>
        }
      />
    </main>
  );
}
