import type { InfoPageContent } from './info-content';

export const features: InfoPageContent = {
  path: '/features',
  eyebrow: 'Features',
  title: 'Everything Scrivo does',
  lead: 'Upload audio or video, transcribe it in about 100 languages or translate it to English, then play it back, search it and export it.',
  description:
    'Scrivo features: resumable audio and video upload up to 1 GB, ~100 languages, translation to English, click-to-play transcripts, library search, PDF/DOCX/TXT/SRT/VTT/JSON/RTTM export.',
  cta: { label: 'Start free', href: '/signup' },
  sections: [
    {
      heading: 'Getting audio in',
      bullets: [
        'Upload MP3, WAV, M4A, AAC, WEBM, OGG, FLAC audio and MP4, MOV video: up to 200 MB on Free, 500 MB on Premium, 1 GB on Business Pro.',
        'Files are checked by their content, not their name; empty, damaged or silent-only files are refused with the reason.',
        'Resumable uploads: a dropped connection continues where it stopped.',
        'Live recording from your microphone, a shared tab or system audio (Chromium browsers), or both mixed: the words appear as you speak, and the recording gets a full transcript when you stop.',
      ],
    },
    {
      heading: 'Transcription',
      bullets: [
        'A multilingual Whisper-family speech model covering about 100 languages.',
        'Automatic language detection, or choose the language yourself.',
        'Translation of speech in other languages into English on every plan; on Premium and Business Pro, transcripts translated into English, Spanish, French, German, Italian, Portuguese or Dutch.',
        'Word-level timestamps on every transcript.',
        'Speaker labels on Business Pro: each line says who spoke (Speaker 1, Speaker 2…), in the transcript and in exports.',
        'AI summaries on Business Pro: an overview, key points, decisions, action items with owners and chapters, each linked to the moment it was said.',
      ],
    },
    {
      heading: 'Working with transcripts',
      bullets: [
        'Click any line to play the audio from there; keyboard shortcuts to pause and skip.',
        'Search across the titles and transcripts of your whole library.',
        'The transcript editor (Premium and Business Pro): fix words and rename speakers everywhere; changes save as you type.',
        'Share a transcript by link, with or without a password and an expiry date.',
        'Export PDF, DOCX, TXT, SRT, VTT, JSON and RTTM (who speaks when).',
      ],
    },
    {
      heading: 'Privacy and control',
      bullets: [
        'Recordings are private to your account.',
        'Passwords hashed with Argon2id, httpOnly session cookies, CSRF protection and rate limits.',
        'Self-hostable: run the app and the speech model on your own server.',
      ],
    },
  ],
};

export const comingSoon: InfoPageContent = {
  path: '/coming-soon',
  eyebrow: 'Roadmap',
  title: 'Coming soon',
  lead: 'What we are working on next. These are goals, not promises with dates.',
  description: 'The Scrivo roadmap: team workspaces, custom vocabulary, integrations and more.',
  sections: [
    {
      heading: 'Planned',
      bullets: [
        'Team workspaces with shared folders and roles.',
        'Custom vocabulary so names and jargon are recognised first time.',
        'Integrations with cloud drives and video platforms.',
        'Mobile-friendly recording with background upload.',
      ],
    },
    {
      heading: 'Tell us what you need',
      paragraphs: ['Use the chat button to suggest a feature. We read every message.'],
    },
  ],
};

export const howto: InfoPageContent = {
  path: '/howto',
  eyebrow: 'How-to',
  title: 'How to use Scrivo',
  lead: 'The short version of every common task. For more detail, see the help centre and guides.',
  description: 'How to upload, record, transcribe, translate, label speakers, edit and export with Scrivo.',
  sections: [
    {
      heading: 'Transcribe a file',
      bullets: [
        'Sign up (Free: 5 minutes a month, no credit card).',
        'On the dashboard choose Upload and pick an audio or video file up to 1 GB.',
        'Leave the language on Detect automatically or choose it in the upload options.',
        'When the status is Completed, open the transcript.',
      ],
    },
    {
      heading: 'Record live',
      bullets: [
        'On the dashboard choose Record, then the microphone, a tab or system audio, or both.',
        'The words appear as you speak; pause, resume and stop when you are done.',
        'The recording is saved to your library and gets a full transcript, like an upload. Live minutes count towards your plan.',
      ],
    },
    {
      heading: 'Translate to English',
      bullets: ['Tick Translate to English in the upload options before adding the file (every plan).'],
    },
    {
      heading: 'Label speakers',
      bullets: [
        'On Business Pro, transcripts say who spoke: Speaker 1, Speaker 2… in order of appearance.',
        'Choose Edit transcript to give the speakers their real names.',
      ],
    },
    {
      heading: 'Review and export',
      bullets: [
        'Click a line to hear it and check the wording.',
        'On Premium and Business Pro, choose Edit transcript to correct words and rename speakers; changes save as you type.',
        'Choose Export and pick PDF, DOCX, TXT, SRT, VTT, JSON or RTTM.',
      ],
    },
  ],
};

export const emailTemplates: InfoPageContent = {
  path: '/email-templates',
  eyebrow: 'Email templates',
  title: 'Email templates for recording and sharing transcripts',
  lead: 'Copy, adapt and send: asking for consent to record, sharing meeting notes, sending an interview transcript for review.',
  description:
    'Free email templates: request consent to record, share a meeting transcript, send an interview transcript for review, share subtitles.',
  sections: [
    {
      heading: 'Asking for consent to record',
      paragraphs: [
        'Subject: Recording our conversation on [date]',
        'Hi [name], to make sure I capture everything accurately, I would like to record our conversation on [date] and create a written transcript. The recording and transcript will only be used for [purpose], kept private, and deleted after [period]. Please reply to let me know if that is okay, or if you would prefer I take notes instead. Thanks, [your name]',
      ],
    },
    {
      heading: 'Sharing meeting notes',
      paragraphs: [
        'Subject: Notes and transcript from [meeting] on [date]',
        'Hi all, attached is the transcript of today’s [meeting]. Decisions: [1], [2]. Action items: [owner] – [task] by [date]. If anything in the transcript is wrong, reply with the timestamp and the correction. Thanks, [your name]',
      ],
    },
    {
      heading: 'Sending an interview transcript for review',
      paragraphs: [
        'Subject: Your interview transcript for review',
        'Hi [name], thank you again for speaking with me. Attached is the transcript of our interview. Please check it for accuracy, especially names and figures, and let me know of any corrections by [date]. Thanks, [your name]',
      ],
    },
    {
      heading: 'Sharing subtitles with a video editor',
      paragraphs: [
        'Subject: Subtitles for [video title]',
        'Hi [name], attached are the SRT subtitles for [video title], exported from the corrected transcript. Timing follows the final cut from [date]; let me know if the edit changes. Thanks, [your name]',
      ],
    },
  ],
};
