import { describe, expect, it } from 'vitest';
import { mediaExtensionOf } from './media-file-name';

describe("the exported original's file name", () => {
  it('keeps the extension of the file that was uploaded', () => {
    expect(mediaExtensionOf({ originalFilename: 'Interview.MP3', mimeType: 'audio/mpeg' })).toBe('mp3');
  });

  it("names a live recording's audio by the type it was probed as, never .bin", () => {
    expect(mediaExtensionOf({ originalFilename: null, mimeType: 'audio/ogg' })).toBe('ogg');
    expect(mediaExtensionOf({ originalFilename: null, mimeType: 'audio/webm' })).toBe('webm');
    expect(mediaExtensionOf({ originalFilename: null, mimeType: 'audio/flac' })).toBe('flac');
  });

  it('falls back to .bin only when neither a name nor a known type says what it is', () => {
    expect(mediaExtensionOf({ originalFilename: null, mimeType: null })).toBe('bin');
    expect(mediaExtensionOf({ originalFilename: 'notes', mimeType: 'application/x-unknown' })).toBe('bin');
  });
});
