import { describe, expect, it } from 'vitest';
import { exportFileName, exportUrl, fileNameFromDisposition, timestampsApply } from './export-file';

describe('export file names', () => {
  it('use the recording title and the format as extension', () => {
    expect(exportFileName('JFK inaugural address', 'srt')).toBe('JFK inaugural address.srt');
  });
  it('replace characters file systems refuse', () => {
    expect(exportFileName('Team call: Q3 / plans?', 'pdf')).toBe('Team call - Q3 - plans.pdf');
  });
  it('keep letters of every script', () => {
    expect(exportFileName('Réunion 会议', 'txt')).toBe('Réunion 会议.txt');
  });
  it('fall back to "transcript" when nothing is left', () => {
    expect(exportFileName('???', 'docx')).toBe('transcript.docx');
  });
  it('prefer the server-given UTF-8 name', () => {
    expect(fileNameFromDisposition(`attachment; filename="a.srt"; filename*=UTF-8''R%C3%A9union.srt`)).toBe(
      'Réunion.srt',
    );
    expect(fileNameFromDisposition('attachment; filename="plain.pdf"')).toBe('plain.pdf');
    expect(fileNameFromDisposition(null)).toBeNull();
  });
});

describe('export requests', () => {
  it('carry the format and both toggles', () => {
    expect(exportUrl('r 1', { format: 'srt', timestamps: false, speakers: true })).toBe(
      '/api/recordings/r%201/export?format=srt&timestamps=false&speakers=true',
    );
  });
  it('ask for the summary in documents and for a translation’s language', () => {
    expect(
      exportUrl('r1', { format: 'docx', timestamps: true, speakers: true, summary: true, language: 'de' }),
    ).toBe('/api/recordings/r1/export?format=docx&timestamps=true&speakers=true&summary=true&language=de');
    expect(exportUrl('r1', { format: 'srt', timestamps: true, speakers: true, summary: true })).not.toContain(
      'summary',
    );
  });
  it('offer the timestamp toggle only where it changes the file', () => {
    expect(timestampsApply('txt')).toBe(true);
    expect(timestampsApply('srt')).toBe(false);
  });
});
