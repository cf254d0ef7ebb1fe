import { HuggingFaceSpeech } from '@scrivo/adapters/speech/huggingface-speech';
import { LocalWhisperSpeech } from '@scrivo/adapters/speech/local-whisper-speech';
import type { SpeechRecognizer } from '@scrivo/domain/recordings';
import { type RecordingsConfig, speechUrl } from './recordings-config';

export const createSpeech = (c: RecordingsConfig): SpeechRecognizer =>
  c.SCRIVO_SPEECH_ENGINE === 'huggingface'
    ? new HuggingFaceSpeech({
        token: c.HF_TOKEN,
        model: c.SCRIVO_HF_MODEL,
        endpointUrl: c.SCRIVO_HF_ENDPOINT,
      })
    : new LocalWhisperSpeech({
        baseUrl: speechUrl(c),
        model: c.SCRIVO_WHISPER_MODEL,
        token: c.SCRIVO_SPEECH_TOKEN,
      });
