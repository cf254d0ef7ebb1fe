import type { InfoPageContent } from './info-content';

const signup = { label: 'Start free', href: '/signup' } as const;

export const contentCreators: InfoPageContent = {
  path: '/content-creators',
  eyebrow: 'For content creators',
  title: 'Transcripts and captions for every episode',
  lead: 'Upload podcasts and videos up to 1 GB, get speaker-labelled transcripts and export SRT captions, show notes and blog drafts.',
  description:
    'Scrivo for podcasters and YouTubers: transcribe MP3, MP4 and MOV up to 1 GB, export SRT and VTT captions, write show notes faster.',
  cta: signup,
  sections: [
    {
      heading: 'From upload to captions',
      bullets: [
        'Upload the final MP3, WAV or MP4/MOV video directly, up to 1 GB; uploads resume if the connection drops.',
        'Click any line to hear it again while you write show notes; search finds every mention of a guest or topic.',
        'Export SRT or VTT subtitles with timing for YouTube, Vimeo, Premiere and DaVinci Resolve.',
      ],
    },
    {
      heading: 'Repurpose what you said',
      paragraphs: [
        'Search the transcript for the moments where the topic changes to build chapter markers, pull quotes for social posts, and paste a cleaned-up transcript into your blog as an article draft.',
      ],
    },
    {
      heading: 'Which plan fits',
      paragraphs: [
        'A weekly one-hour show needs about 260 minutes a month, so Business Pro ($19.99/month or $9.49/week, unlimited) fits best. Occasional short videos fit Premium ($9.99/month or $4.49/week, 120 minutes).',
      ],
    },
  ],
};

export const education: InfoPageContent = {
  path: '/education',
  eyebrow: 'For students and educators',
  title: 'Lectures, seminars and interviews, searchable',
  lead: 'Record a lecture live or upload it, then search and export the transcript for notes, revision and accessible course material.',
  description:
    'Scrivo for education: record lectures in the browser, transcribe research interviews, export DOCX notes and captions. Weekly plans for exam season.',
  cta: signup,
  sections: [
    {
      heading: 'For students',
      bullets: [
        'Record lectures live from your laptop microphone, or upload the recording (audio or video, up to 1 GB).',
        'Search the transcript for a term and jump to the moment it was explained.',
        'Export DOCX to annotate alongside your notes.',
        'Weekly billing (Premium $4.49/week) suits a thesis sprint or exam revision.',
      ],
    },
    {
      heading: 'For researchers',
      bullets: [
        'Transcribe qualitative interviews in about 100 languages, with automatic language detection.',
        'Translate interviews in other languages into English text.',
        'Word-level timestamps in the JSON export, for precise quotation and coding.',
        'Self-host Scrivo when your ethics approval requires data to stay on university infrastructure.',
      ],
    },
    {
      heading: 'For educators',
      paragraphs: [
        'Captions and transcripts make recorded teaching accessible to deaf and hard-of-hearing students and to anyone studying in a second language. Export SRT or VTT for your video platform and TXT for a course page.',
      ],
    },
  ],
};

export const salesMarketing: InfoPageContent = {
  path: '/sales-marketing',
  eyebrow: 'For sales and marketing',
  title: 'Hear what customers actually say',
  lead: 'Transcribe discovery calls, customer interviews and webinars, then search them for objections, quotes and feature requests.',
  description:
    'Scrivo for sales and marketing teams: transcribe calls and webinars, find customer quotes, export content drafts and captions.',
  cta: signup,
  sections: [
    {
      heading: 'Sales',
      bullets: [
        'Upload recorded calls (M4A, MP3, WEBM or MP4 from your meeting tool).',
        'Search for pricing, competitors or objections across a call in seconds.',
        'Share a speaker-labelled PDF with the account team.',
      ],
    },
    {
      heading: 'Marketing',
      bullets: [
        'Turn webinars into blog posts, captions and quotes for social media.',
        'Transcribe customer interviews for case studies, in their language or translated into English.',
        'Export SRT captions so videos work with the sound off.',
      ],
    },
    {
      heading: 'Ask before you record',
      paragraphs: [
        'Tell customers that a call is recorded and transcribed; in many places the law requires it. Scrivo keeps each recording private to the account that uploaded it.',
      ],
    },
  ],
};

export const personalProductivity: InfoPageContent = {
  path: '/personal-productivity',
  eyebrow: 'For personal productivity',
  title: 'Think out loud, read it later',
  lead: 'Voice memos, ideas on a walk, a long phone call: Scrivo turns them into text you can search, edit and keep.',
  description:
    'Scrivo for personal productivity: transcribe voice memos and M4A recordings, search your ideas, export to TXT or DOCX. Free plan: 5 minutes a month.',
  cta: signup,
  sections: [
    {
      heading: 'Capture',
      bullets: [
        'Upload iPhone or Android voice memos (M4A) straight from your phone’s browser.',
        'Record directly in the browser on any device with a microphone.',
      ],
    },
    {
      heading: 'Find and reuse',
      bullets: [
        'Search every transcript for a word or an idea.',
        'Edit the text; changes save automatically.',
        'Export TXT for your notes app or DOCX for a document.',
      ],
    },
    {
      heading: 'Start free',
      paragraphs: [
        'The Free plan includes 5 minutes a month with no credit card, enough to try a few voice memos. Premium adds 120 minutes a month for $9.99/month or $4.49/week.',
      ],
    },
  ],
};
