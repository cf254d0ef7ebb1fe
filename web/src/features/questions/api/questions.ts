import {
  type QuestionStreamEvent,
  QuestionStreamEvent as StreamEvent,
} from '@scrivo/contracts/questions/questions.contract';
import { EventSourceParserStream } from 'eventsource-parser/stream';
import { HttpError, readCookie } from '../../../lib/http';

export type FinishedAnswer = Extract<QuestionStreamEvent, { type: 'done' }>;

/**
 * Asks a question of a recording and reads the answer as it is written (`onText` gets each piece). A POST that
 * answers server-sent events, which EventSource cannot send and the ts-rest client cannot read: plain fetch. A
 * refusal (plan, no model) is an HttpError, as from every other call.
 */
export const askQuestion = async (
  recordingId: string,
  question: string,
  { onText, signal }: { onText: (text: string) => void; signal: AbortSignal },
): Promise<FinishedAnswer> => {
  const headers: Record<string, string> = { 'content-type': 'application/json', accept: 'text/event-stream' };
  const csrf = readCookie('scrivo_csrf');
  if (csrf) headers['x-csrf-token'] = csrf;
  const response = await fetch(`/api/recordings/${encodeURIComponent(recordingId)}/questions`, {
    method: 'POST',
    credentials: 'include',
    headers,
    body: JSON.stringify({ question }),
    signal,
  });
  if (!response.ok || !response.body) throw new HttpError(response.status, await response.text());
  const events = response.body
    .pipeThrough(new TextDecoderStream())
    .pipeThrough(new EventSourceParserStream())
    .getReader();
  for (;;) {
    const { done, value } = await events.read();
    if (done) break;
    const event = StreamEvent.parse(JSON.parse(value.data));
    if (event.type === 'text') onText(event.text);
    else if (event.type === 'error') throw new HttpError(503, JSON.stringify(event));
    else return event;
  }
  throw new HttpError(502, 'The answer stopped before it was finished. Please ask again.');
};
