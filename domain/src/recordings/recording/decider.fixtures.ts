import { DeciderSpecification } from '../../testing';
import type { TranscriptBody } from '../transcript';
import { now, recordingOf } from '../testing/completed-recording';
import { recordingDecider } from './decider';

export const spec = DeciderSpecification.for(recordingDecider);
export { now };
const eleven = recordingOf(11);
export const { created, uploaded, probed, requested, started } = eleven;
export const transcript: TranscriptBody = {
  language: 'en',
  languageProbability: 0.98,
  durationSeconds: 11,
  text: 'ask not',
  segments: [],
  engine: 'test',
};
export const ready = [created, uploaded, probed];
