// The load balancer in front of the API replicas, as nginx's defaults behave: each request to the next replica
// in turn, passed on to another one when the first refuses the connection (nothing was sent, so nothing can
// happen twice), and the client's connection cut when a replica dies in the middle of an answer (no 502 made up
// by the balancer: the users see what a dead server looks like, and the run's "no 500" is about Scrivo's answers).
import { type IncomingMessage, type ServerResponse, createServer, request } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface LoadBalancer {
  readonly url: string;
  close(): Promise<void>;
}

export const startLoadBalancer = async (replicas: readonly string[]): Promise<LoadBalancer> => {
  let turn = 0;
  const forward = (req: IncomingMessage, res: ServerResponse, body: Buffer, tried: number) => {
    const target = new URL(replicas[(turn + tried) % replicas.length]!);
    const upstream = request(
      {
        host: target.hostname,
        port: target.port,
        method: req.method,
        path: req.url,
        headers: { ...req.headers, host: target.host },
      },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
        answer.on('error', () => res.destroy());
      },
    );
    upstream.on('error', (error: NodeJS.ErrnoException) => {
      if (error.code === 'ECONNREFUSED' && tried + 1 < replicas.length) forward(req, res, body, tried + 1);
      else res.destroy();
    });
    upstream.end(body);
  };
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      turn = (turn + 1) % replicas.length;
      forward(req, res, Buffer.concat(chunks), 0);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
};
