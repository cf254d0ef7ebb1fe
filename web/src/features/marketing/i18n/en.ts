import faq from '../../../../../content/faq/faq.en.json';
import type { LandingCopy } from './landing-copy';
import { enPricing } from './en-pricing';

export const en: LandingCopy = {
  lang: 'en',
  locale: 'en-US',
  path: '/',
  meta: {
    title: 'Scrivo: AI transcription for audio and video, up to 1 GB per file',
    description:
      'Upload audio or video (MP3, WAV, M4A, WEBM, MP4, MOV, up to 1 GB) and get timestamped transcripts in about 100 languages, translation to English and PDF, DOCX, TXT, SRT, VTT exports. Free plan: 5 minutes a month.',
  },
  loading: 'Loading...',
  nav: {
    features: 'Features',
    demo: 'Demo',
    pricing: 'Pricing',
    reviews: 'Reviews',
    signIn: 'Sign In',
    signUp: 'Sign Up',
    dashboard: 'Dashboard',
    language: 'Language',
    primary: 'Main',
    home: 'Scrivo home',
  },
  hero: {
    eyebrow: 'AI transcription you can host yourself',
    title: 'Turn audio and video into accurate, editable text',
    subtitle:
      'Upload audio or video up to 1 GB. Scrivo detects the language, timestamps every word and gives you a transcript you can play back, search and export.',
    cta: 'Get Started Free',
    secondary: 'See how it works',
    note: '5 free minutes every month. No credit card required.',
    sampleTitle: 'Weekly product sync.mp4',
    sampleLines: [
      { speaker: 'Speaker 1', time: '00:02', text: "Let's start with the launch checklist for next week." },
      {
        speaker: 'Speaker 2',
        time: '00:07',
        text: 'The Spanish and French pages are translated and reviewed.',
      },
      {
        speaker: 'Speaker 1',
        time: '00:13',
        text: 'Great. Can you export the subtitles as SRT for the video team?',
      },
    ],
  },
  trustBadges: [
    'Argon2id password hashing',
    'Private by default',
    'Self-hostable',
    'No credit card for Free',
  ],
  stats: [
    { value: '~100', label: 'languages recognised' },
    { value: '1 GB', label: 'maximum file size' },
    { value: '6', label: 'export formats' },
    { value: '5 min', label: 'free every month' },
  ],
  testimonials: {
    title: 'Who Scrivo is for',
    subtitle: 'Four typical ways people use Scrivo.',
    disclaimer: 'Illustrative personas describing typical use cases, not quotes from real customers.',
    items: [
      {
        name: 'Maya, podcaster',
        role: 'Sample persona · Content creator',
        content:
          'Uploads each 90-minute episode as MP4, and exports SRT captions and a DOCX for the show notes.',
        rating: 5,
      },
      {
        name: 'Daniel, graduate student',
        role: 'Sample persona · Education',
        content:
          'Uploads seminar recordings, searches the transcripts for key terms and exports a DOCX for his notes.',
        rating: 5,
      },
      {
        name: 'Priya, research lead',
        role: 'Sample persona · User research',
        content:
          'Transcribes customer interviews in Spanish and English and shares timestamped PDFs with her team.',
        rating: 5,
      },
      {
        name: 'Tom, IT administrator',
        role: 'Sample persona · Self-hosting',
        content:
          'Runs Scrivo on a company server so recordings of internal meetings never leave the network.',
        rating: 5,
      },
    ],
  },
  features: {
    title: 'Two ways to get a transcript',
    subtitle:
      'Upload a file you already have, or record from your microphone or a tab and read the words as they are spoken.',
    upload: 'Upload Audio',
    record: 'Record Live',
    toggleLabel: 'How to add audio',
    uploadPane: {
      drop: 'Drop audio or video here',
      formats: 'MP3, WAV, M4A, WEBM, OGG, FLAC, MP4, MOV · up to 1 GB · resumable',
      progress: 'Uploading… 68%',
      recordingTitle: 'Customer interview – March',
      completed: 'Completed',
      position: '12:34 / 45:20',
    },
    recordPane: {
      recording: 'Recording',
      microphone: 'Microphone',
      systemAudio: 'System audio',
      preview: 'Live text',
      liveLines: [
        'Welcome everyone to today’s lecture on climate data.',
        'We’ll look at three datasets and how they were collected.',
        'First, the ocean temperature records from 1950 onwards…',
      ],
    },
  },
  professional: {
    title: 'Everything a professional transcript needs',
    subtitle: 'From the first upload to the final export.',
    items: [
      {
        icon: 'globe',
        title: 'About 100 languages',
        description: 'Automatic language detection, or pick the language yourself.',
      },
      {
        icon: 'speakers',
        title: 'Speaker labels',
        description:
          'On Business Pro, see who said what: lines are labelled Speaker 1, Speaker 2… in the transcript and exports, and you can rename them.',
      },
      {
        icon: 'translate',
        title: 'Translation to English',
        description: 'Turn speech in another language straight into English text.',
      },
      {
        icon: 'play',
        title: 'Click to play',
        description:
          'Click any line to hear it; keyboard shortcuts to pause and skip. Fix words and name speakers in the editor, saved as you type.',
      },
      {
        icon: 'search',
        title: 'Search',
        description: 'Find any word in a long recording and jump to that moment.',
      },
      {
        icon: 'document',
        title: 'Exports',
        description: 'PDF, DOCX, TXT, SRT, VTT, JSON and RTTM with timestamps.',
      },
    ],
  },
  why: {
    title: 'Why choose Scrivo',
    items: [
      {
        icon: 'bolt',
        title: 'Fast turnaround',
        description: 'Transcripts in minutes rather than the days a manual service takes.',
      },
      {
        icon: 'server',
        title: 'Your server, your data',
        description: 'Self-host Scrivo and keep audio inside your own infrastructure.',
      },
      {
        icon: 'tag',
        title: 'Fair prices',
        description: 'Start free, then pay weekly or monthly. Cancel anytime and keep your data.',
      },
      {
        icon: 'video',
        title: 'Video too',
        description: 'MP4 and MOV files up to 1 GB; we extract the audio for you.',
      },
    ],
  },
  security: {
    title: 'Security built in',
    subtitle: 'Your recordings are yours. These protections are on by default.',
    items: [
      {
        icon: 'lock',
        title: 'Private recordings',
        description: 'Only your account can open your recordings and transcripts.',
      },
      {
        icon: 'key',
        title: 'Strong passwords',
        description: 'Passwords are hashed with Argon2id; sessions use httpOnly cookies.',
      },
      {
        icon: 'shield',
        title: 'Request protection',
        description: 'CSRF protection and rate limits guard every form.',
      },
      {
        icon: 'trash',
        title: 'Delete anytime',
        description: 'Delete a recording whenever you want, and undo it within 30 days.',
      },
    ],
  },
  demo: {
    title: 'See it in action',
    subtitle: 'From file to finished transcript in three steps.',
    steps: [
      { icon: '1', title: 'Add your audio', description: 'Upload an audio or video file up to 1 GB.' },
      {
        icon: '2',
        title: 'Let Scrivo transcribe',
        description: 'Language detection and a timestamp for every word.',
      },
      {
        icon: '3',
        title: 'Review and export',
        description: 'Play back, search, then download PDF, DOCX, TXT or SRT.',
      },
    ],
    cta: 'Try it free',
  },
  carousel: {
    title: 'Use cases',
    previous: 'Previous use case',
    next: 'Next use case',
    pick: 'Show use case',
  },
  ...enPricing,
  faq: { title: 'Frequently asked questions', items: faq },
  finalCta: {
    title: 'Ready to stop typing?',
    subtitle: 'Create a free account and transcribe your first 5 minutes today.',
    cta: 'Get Started Free',
  },
  footer: {
    tagline: 'AI transcription for audio and video, on a server you can control.',
    product: 'Product',
    solutions: 'Solutions',
    resources: 'Resources',
    legal: 'Legal',
    links: {
      features: 'Features',
      pricing: 'Pricing and plans',
      premium: 'Premium plan',
      businessPro: 'Business Pro plan',
      comingSoon: 'Roadmap',
      business: 'Business',
      creators: 'Content creators',
      education: 'Education',
      sales: 'Sales and marketing',
      productivity: 'Personal productivity',
      blog: 'Blog',
      guides: 'Guides',
      help: 'Help centre',
      howto: 'How-to',
      faq: 'FAQ',
      templates: 'Email templates',
      privacy: 'Privacy',
      terms: 'Terms',
      security: 'Security',
      cookies: 'Cookies',
    },
    rights: 'Scrivo. Open to self-host.',
    cookieSettings: 'Cookie settings',
  },
};
