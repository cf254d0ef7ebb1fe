/** The twenty /features/transcribe{language} pages. */
export interface LanguagePage {
  readonly slug: string;
  readonly name: string;
  readonly native: string;
  readonly note: string;
}

const LANGUAGES: readonly LanguagePage[] = [
  {
    slug: 'english',
    name: 'English',
    native: 'English',
    note: 'US, UK, Australian, Indian and other accents are all recognised.',
  },
  {
    slug: 'spanish',
    name: 'Spanish',
    native: 'Español',
    note: 'Spanish from Spain and Latin America, with accents and punctuation.',
  },
  {
    slug: 'french',
    name: 'French',
    native: 'Français',
    note: 'French from France, Canada, Belgium, Switzerland and Africa.',
  },
  {
    slug: 'german',
    name: 'German',
    native: 'Deutsch',
    note: 'Long compound words and formal or informal speech.',
  },
  { slug: 'italian', name: 'Italian', native: 'Italiano', note: 'Standard Italian with regional accents.' },
  { slug: 'portuguese', name: 'Portuguese', native: 'Português', note: 'Brazilian and European Portuguese.' },
  {
    slug: 'japanese',
    name: 'Japanese',
    native: '日本語',
    note: 'Output in kanji and kana as it is normally written.',
  },
  { slug: 'korean', name: 'Korean', native: '한국어', note: 'Output in Hangul with natural spacing.' },
  {
    slug: 'chinese',
    name: 'Chinese',
    native: '中文',
    note: 'Mandarin speech, written in Chinese characters.',
  },
  {
    slug: 'farsi',
    name: 'Farsi',
    native: 'فارسی',
    note: 'Persian speech, written in Persian script right to left.',
  },
  {
    slug: 'arabic',
    name: 'Arabic',
    native: 'العربية',
    note: 'Modern Standard Arabic; dialects vary in accuracy.',
  },
  { slug: 'russian', name: 'Russian', native: 'Русский', note: 'Output in Cyrillic script.' },
  { slug: 'hindi', name: 'Hindi', native: 'हिन्दी', note: 'Output in Devanagari script.' },
  { slug: 'dutch', name: 'Dutch', native: 'Nederlands', note: 'Dutch and Flemish speech.' },
  {
    slug: 'turkish',
    name: 'Turkish',
    native: 'Türkçe',
    note: 'Turkish with its full alphabet, including ç, ğ, ı, ö, ş and ü.',
  },
  { slug: 'vietnamese', name: 'Vietnamese', native: 'Tiếng Việt', note: 'Output with tone marks.' },
  { slug: 'thai', name: 'Thai', native: 'ไทย', note: 'Output in Thai script.' },
  { slug: 'polish', name: 'Polish', native: 'Polski', note: 'Output with Polish diacritics.' },
  { slug: 'hebrew', name: 'Hebrew', native: 'עברית', note: 'Output in Hebrew script right to left.' },
  { slug: 'indonesian', name: 'Indonesian', native: 'Bahasa Indonesia', note: 'Standard Indonesian speech.' },
];

export const findLanguage = (slug: string) => LANGUAGES.find((language) => language.slug === slug);

/** /{product}-transcription pages: things Scrivo really transcribes. */
export interface ProductPage {
  readonly slug: string;
  readonly name: string;
  readonly lead: string;
  readonly tips: readonly string[];
}

const PRODUCTS: readonly ProductPage[] = [
  {
    slug: 'audio',
    name: 'Audio',
    lead: 'Any audio file to text: MP3, WAV, M4A, WEBM, OGG or FLAC.',
    tips: ['Record close to the microphone.', 'Set the language if the recording starts with music.'],
  },
  {
    slug: 'video',
    name: 'Video',
    lead: 'MP4, MOV and WEBM video to text and subtitles, without converting first.',
    tips: [
      'Export SRT or VTT for captions.',
      'Scrivo extracts the sound track; the picture is not stored in the transcript.',
    ],
  },
  {
    slug: 'podcast',
    name: 'Podcast',
    lead: 'Episode transcripts, captions and show notes from the final mix.',
    tips: ['Transcribe the final mix, not the raw tracks.', 'Use search to build chapter markers.'],
  },
  {
    slug: 'interview',
    name: 'Interview',
    lead: 'Research, journalism and hiring interviews, searchable and timestamped.',
    tips: [
      'Ask for consent to record.',
      'On Business Pro, speaker labels tell interviewer and guest apart; rename them in the editor.',
    ],
  },
  {
    slug: 'meeting',
    name: 'Meeting',
    lead: 'Meeting recordings into searchable notes with decisions and action items.',
    tips: ['Upload the file your call tool saved.', 'Export DOCX and add the action items on top.'],
  },
  {
    slug: 'lecture',
    name: 'Lecture',
    lead: 'Lectures and seminars recorded live or uploaded, ready for revision.',
    tips: ['Record from the front of the room.', 'Search for key terms before exams.'],
  },
  {
    slug: 'mp3',
    name: 'MP3',
    lead: 'The most common audio format, transcribed directly.',
    tips: ['Higher bitrates keep more detail.'],
  },
  {
    slug: 'mp4',
    name: 'MP4',
    lead: 'MP4 video and audio to text, up to 1 GB per file.',
    tips: ['No need to extract the audio first.'],
  },
  {
    slug: 'm4a',
    name: 'M4A',
    lead: 'iPhone voice memos and other M4A recordings to text.',
    tips: ['Share the memo to Files, then upload it in the browser.'],
  },
  {
    slug: 'wav',
    name: 'WAV',
    lead: 'Uncompressed WAV recordings, including long studio files.',
    tips: ['Long WAV files are large; uploads up to 1 GB resume if interrupted.'],
  },
];

export const findProduct = (slug: string) => PRODUCTS.find((product) => product.slug === slug);
