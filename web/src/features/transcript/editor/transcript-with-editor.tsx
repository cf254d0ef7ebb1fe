import type { Recording, Transcript, Usage } from '@scrivo/contracts/recordings/recordings.contract';
import type { ReactNode } from 'react';
import { TranscriptWorkspace } from '../components/transcript-workspace';
import { useTranscriptEditor } from './use-transcript-editor';

interface Props {
  recording: Recording;
  transcript: Transcript;
  mediaUrl: string;
  heading: ReactNode;
  /** The caller's plan, undefined while it loads. */
  plan: Usage['plan'] | undefined;
}

/** The workspace with the editor when the plan has it (Premium, Business Pro), with an upsell on Free. */
export function TranscriptWithEditor({ plan, ...props }: Props) {
  const canEdit = plan === 'premium' || plan === 'business_pro';
  const editor = useTranscriptEditor(props.recording.id, props.transcript, canEdit);
  return (
    <TranscriptWorkspace {...props} editor={canEdit ? editor : undefined} showUpsell={plan === 'free'} />
  );
}
