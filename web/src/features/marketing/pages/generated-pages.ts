import type { InfoPageContent } from './info-content';
import type { LanguagePage, ProductPage } from './languages';

const formats = 'MP3, WAV, M4A, WEBM, OGG and FLAC audio, and MP4 and MOV video, up to 1 GB per file';

export const languagePage = (language: LanguagePage): InfoPageContent => ({
  path: `/features/transcribe${language.slug}`,
  eyebrow: `${language.native} · ${language.name}`,
  title: `Transcribe ${language.name} audio and video to text`,
  lead: `Upload ${language.name} recordings (${formats}) and get a ${language.name} transcript with timestamps.`,
  description: `Transcribe ${language.name} audio and video to text with Scrivo: ${formats}. Automatic language detection, translation to English, SRT export.`,
  cta: { label: 'Start free', href: '/signup' },
  sections: [
    {
      heading: `${language.name} speech recognition`,
      paragraphs: [
        `Scrivo's multilingual speech model recognises ${language.name} automatically, or you can select ${language.name} before starting for the best results. ${language.note}`,
      ],
    },
    {
      heading: 'Audio and video, up to 1 GB',
      bullets: [`Upload ${formats}.`, 'Uploads resume after a dropped connection.'],
    },
    {
      heading: 'Translate to English',
      paragraphs: [
        language.slug === 'english'
          ? 'Recordings in other languages can be translated straight into English text, so a mixed-language archive becomes searchable in English.'
          : `Need it in English? Choose "Translate to English" and Scrivo turns ${language.name} speech directly into English text with the same timestamps.`,
      ],
    },
    {
      heading: 'Review and export',
      bullets: [
        'Click any line to play it back.',
        'Export PDF, DOCX, TXT, SRT, VTT, JSON or RTTM.',
        'Search every transcript in your library.',
      ],
    },
  ],
});

export const productPage = (product: ProductPage): InfoPageContent => ({
  path: `/${product.slug}-transcription`,
  eyebrow: `${product.name} transcription`,
  title: `${product.name} transcription with Scrivo`,
  lead: product.lead,
  description: `${product.name} transcription: ${product.lead} Supports ${formats}.`,
  cta: { label: 'Start free', href: '/signup' },
  sections: [
    {
      heading: 'How it works',
      bullets: [
        `Upload your file (${formats}).`,
        'Scrivo detects the language (about 100 supported) and transcribes with timestamps.',
        'Play it back, search it, and export PDF, DOCX, TXT, SRT, VTT, JSON or RTTM.',
      ],
    },
    { heading: 'Tips for better results', bullets: product.tips },
    {
      heading: 'Pricing',
      paragraphs: [
        'Free: 5 minutes a month, no credit card. Premium: $9.99/month or $4.49/week for 120 minutes. Business Pro: $19.99/month or $9.49/week, unlimited, files up to 1 GB.',
      ],
    },
  ],
});
