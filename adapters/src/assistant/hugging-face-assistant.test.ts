import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assistantConformance } from './assistant.conformance';
import { HuggingFaceAssistant } from './hugging-face-assistant';

const contentDir = resolve(import.meta.dirname, '../../../content');

interface ChatRequest {
  model: string;
  messages: { role: string; content: string }[];
  max_tokens?: number;
}

/**
 * A real HTTP server speaking the OpenAI-style chat-completion protocol that TGI, vLLM and HF Inference Endpoints
 * speak. It "generates" by quoting the first passage of the system prompt, so the answer is grounded exactly
 * the way a well-behaved model's would be; it refuses calls without the bearer token.
 */
const startCompletionServer = async () => {
  const requests: { url: string; auth: string | undefined; body: ChatRequest }[] = [];
  const read = async (req: IncomingMessage) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    return JSON.parse(Buffer.concat(chunks).toString('utf8')) as ChatRequest;
  };
  const server: Server = createServer((req, res) => {
    void read(req).then((body) => {
      requests.push({ url: req.url ?? '', auth: req.headers.authorization, body });
      if (req.headers.authorization !== 'Bearer hf_test_token') {
        res
          .writeHead(401, { 'content-type': 'application/json' })
          .end(JSON.stringify({ error: 'Invalid token' }));
        return;
      }
      const system = body.messages.find((m) => m.role === 'system')?.content ?? '';
      const first = /\[1\] [^:]+: ([\s\S]*?)(?:\n\n\[2\]|$)/.exec(system)?.[1] ?? "I don't know";
      res.writeHead(200, { 'content-type': 'application/json' }).end(
        JSON.stringify({
          id: 'chatcmpl-1',
          object: 'chat.completion',
          created: Math.floor(Date.now() / 1000),
          model: body.model,
          choices: [{ index: 0, message: { role: 'assistant', content: first }, finish_reason: 'stop' }],
          usage: { prompt_tokens: 10, completion_tokens: 10, total_tokens: 20 },
        }),
      );
    });
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    close: () => new Promise((done) => server.close(done)),
  };
};

let server: Awaited<ReturnType<typeof startCompletionServer>>;
beforeAll(async () => {
  server = await startCompletionServer();
});
afterAll(async () => {
  await server.close();
});

const make = (token = 'hf_test_token') =>
  HuggingFaceAssistant.fromContent(contentDir, { token, model: 'test/chat-model', endpointUrl: server.url });

assistantConformance('HuggingFaceAssistant', () => make());

describe('HuggingFaceAssistant over HTTP', () => {
  it('sends the question with the retrieved passages and the token, and answers from the passage', async () => {
    server.requests.length = 0;
    const answer = await (await make()).answer({ question: 'How do I reset my password?', user: null });
    expect(server.requests).toHaveLength(1);
    const [request] = server.requests;
    expect(request!.url).toBe('/v1/chat/completions');
    expect(request!.auth).toBe('Bearer hf_test_token');
    expect(request!.body.messages.at(-1)).toEqual({ role: 'user', content: 'How do I reset my password?' });
    expect(request!.body.messages[0]!.content).toContain('Forgot password');
    expect(answer.content).toContain('Forgot password');
    expect(answer.sources[0]?.slug).toBe('account-and-password-reset');
  });

  it('does not call the model for unrelated questions or account questions', async () => {
    server.requests.length = 0;
    await (await make()).answer({ question: 'What is the capital of Australia?', user: null });
    await (
      await make()
    ).answer({ question: 'What plan am I on?', user: { email: 'a@b.co', plan: 'free', minutesUsed: 1 } });
    expect(server.requests).toHaveLength(0);
  });

  it('surfaces an endpoint failure (a bad token) as an error, not as an answer', async () => {
    await expect(
      (await make('hf_wrong')).answer({ question: 'How do I reset my password?', user: null }),
    ).rejects.toThrow();
  });
});
