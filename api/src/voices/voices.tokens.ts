/** The speech engine that makes voice prints (the one the transcription jobs use). */
export const VOICE_ENGINE = Symbol('VoiceEngine');
