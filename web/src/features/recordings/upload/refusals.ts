import type { Usage } from '@scrivo/contracts/recordings/recordings.contract';

const ACCEPTED_EXTENSIONS = [
  'mp3',
  'wav',
  'm4a',
  'webm',
  'mp4',
  'ogg',
  'oga',
  'opus',
  'flac',
  'aac',
  'wma',
  'amr',
  'aiff',
  'aif',
  'mov',
  'mkv',
  'avi',
  'wmv',
  'm4v',
  'mpeg',
  'mpg',
  '3gp',
] as const;

/** For the file picker: lets people pick by type and by extension (some systems report no MIME type). */
export const ACCEPT_ATTRIBUTE = ['audio/*', 'video/*', ...ACCEPTED_EXTENSIONS.map((e) => `.${e}`)].join(',');

const PLAN_NAMES: Record<Usage['plan'], string> = {
  free: 'Free',
  premium: 'Premium',
  business_pro: 'Business Pro',
};

export interface Refusal {
  message: string;
  /** Show the way to a bigger plan (allowance or size reached). */
  upgrade: boolean;
  /** The server could not read audio in the file: its owner may keep it as a file anyway. */
  keepable?: boolean;
}

export const formatBytes = (bytes: number): string => {
  if (bytes < 1024) return `${bytes} B`;
  const units = ['KB', 'MB', 'GB', 'TB'];
  let value = bytes / 1024;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return `${value >= 10 || Number.isInteger(value) ? Math.round(value) : value.toFixed(1)} ${units[unit]}`;
};

const extension = (name: string) => (name.includes('.') ? name.split('.').pop()!.toLowerCase() : '');

/**
 * Why a file cannot be uploaded, in the words of the person uploading it, or null when it can. The server
 * checks again (and probes the content); this saves people from waiting for an upload that will be refused.
 */
export const refuse = (
  file: { name: string; size: number; type: string },
  usage: Usage | undefined,
): Refusal | null => {
  const known = (ACCEPTED_EXTENSIONS as readonly string[]).includes(extension(file.name));
  const mediaType = file.type.startsWith('audio/') || file.type.startsWith('video/');
  if (!known && !mediaType) {
    return {
      message: `“${file.name}” is not an audio or video file. Scrivo transcribes MP3, WAV, M4A, WEBM, MP4 and other common audio and video formats.`,
      upgrade: false,
    };
  }
  if (file.size === 0)
    return { message: `“${file.name}” is empty: there is nothing to transcribe.`, upgrade: false };
  if (!usage) return null;
  const plan = PLAN_NAMES[usage.plan];
  if (file.size > usage.maxUploadBytes) {
    return {
      message: `“${file.name}” is ${formatBytes(file.size)}; your ${plan} plan takes files up to ${formatBytes(usage.maxUploadBytes)}.`,
      upgrade: usage.plan !== 'business_pro',
    };
  }
  if (usage.minutesLeft !== null && usage.minutesLeft <= 0) {
    return {
      message: `You have used all ${formatMinutes(usage.minutesAllowed ?? 0)} of your ${plan} plan this month.`,
      upgrade: true,
    };
  }
  return null;
};

export const formatMinutes = (minutes: number): string => {
  const rounded = minutes < 10 ? Math.round(minutes * 10) / 10 : Math.round(minutes);
  return `${rounded} minute${rounded === 1 ? '' : 's'}`;
};

/** What a refusal from the upload server means, for the HTTP statuses the contract names. */
export const refusalFromServer = (
  status: number,
  serverMessage: string | null,
  fileName: string,
): Refusal => {
  switch (status) {
    case 413:
      return { message: serverMessage ?? `“${fileName}” is larger than your plan allows.`, upgrade: true };
    case 402:
      return {
        message: serverMessage ?? 'You have no transcription minutes left this month.',
        upgrade: true,
      };
    case 415:
    case 422:
      // The content itself (not a text file named .mp3, a 0 s recording): the file can still be kept.
      return {
        message: serverMessage ?? `“${fileName}” could not be read as audio or video.`,
        upgrade: false,
        keepable: true,
      };
    case 400:
      return {
        message: serverMessage ?? `“${fileName}” could not be read as audio or video.`,
        upgrade: false,
      };
    case 401:
      return {
        message: 'Your session has ended. Sign in again, then add the file once more.',
        upgrade: false,
      };
    case 403:
      return {
        message: 'The upload was refused for security reasons. Reload the page and try again.',
        upgrade: false,
      };
    default:
      return {
        message:
          serverMessage ??
          `The server could not take “${fileName}” (error ${status}). Try again in a moment.`,
        upgrade: false,
      };
  }
};
