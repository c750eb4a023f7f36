import { randomUUID } from 'node:crypto';
import { request as httpRequest, type ClientRequest, type IncomingMessage } from 'node:http';

/** What a streamed upload saw: the answer, and how many body bytes the client had sent when it came. */
export interface StreamedAnswer {
  status: number;
  headers: IncomingMessage['headers'];
  body: string;
  sentWhenAnswered: number;
  /** Whether the client had written the whole body when the answer came. */
  finishedSending: boolean;
}

export interface StreamedUpload {
  answer: Promise<StreamedAnswer>;
  /** Bytes written so far. */
  sent: () => number;
  /** Cuts the connection (frees whatever the server held for it). */
  abort: () => void;
  request: ClientRequest;
}

export interface UploadPlan {
  url: string;
  headers: Record<string, string>;
  fields: Readonly<Record<string, string>>;
  fileField: string;
  filename: string;
  /** The file's first bytes (its magic bytes), then `fillBytes` more bytes in `chunkBytes` writes. */
  head: Buffer;
  fillBytes: number;
  chunkBytes?: number;
  /** Pause between writes (a slow client); 0 writes as fast as the socket takes them. */
  delayMs?: number;
  /** Announce the whole length up front (default: chunked, no Content-Length). */
  contentLength?: boolean;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Sends a multipart/form-data body over real HTTP as it is produced, never held whole in memory: the fields, then a
 * file of `head` and `fillBytes` filler bytes. Stops writing as soon as the server answers.
 */
export const streamUpload = (plan: UploadPlan): StreamedUpload => {
  const boundary = `----acpg${randomUUID().replaceAll('-', '')}`;
  const fieldParts = Object.entries(plan.fields).map(([name, value]) => `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`).join('');
  const preamble = Buffer.from(`${fieldParts}--${boundary}\r\nContent-Disposition: form-data; name="${plan.fileField}"; filename="${plan.filename}"\r\nContent-Type: application/pdf\r\n\r\n`);
  const closing = Buffer.from(`\r\n--${boundary}--\r\n`);
  const total = preamble.length + plan.head.length + plan.fillBytes + closing.length;
  const chunkBytes = plan.chunkBytes ?? 256 * 1024;
  const filler = Buffer.alloc(chunkBytes, 0x20);
  let sent = 0;
  let answered = false;
  let finished = false;
  const url = new URL(plan.url);
  const headers: Record<string, string> = { ...plan.headers, 'content-type': `multipart/form-data; boundary=${boundary}` };
  if (plan.contentLength) headers['content-length'] = String(total);
  const request = httpRequest({ method: 'POST', hostname: url.hostname, port: url.port, path: `${url.pathname}${url.search}`, headers });
  const answer = new Promise<StreamedAnswer>((resolve, reject) => {
    request.on('response', (response) => {
      answered = true;
      const sentWhenAnswered = sent;
      const finishedSending = finished;
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => {
        resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks).toString('utf8'), sentWhenAnswered, finishedSending });
        request.destroy();
      });
    });
    request.on('error', (error) => {
      if (!answered) reject(error);
    });
  });
  // Aborted on purpose: whoever awaits `answer` sees the error; nobody else has to.
  answer.catch(() => undefined);
  const write = async (chunk: Buffer) => {
    if (answered || request.destroyed) return false;
    sent += chunk.length;
    if (!request.write(chunk)) {
      await new Promise<void>((resolve) => {
        const done = () => {
          request.off('drain', done);
          request.off('close', done);
          resolve();
        };
        request.on('drain', done);
        request.on('close', done);
      });
    }
    return !answered && !request.destroyed;
  };
  void (async () => {
    if (!(await write(preamble)) || !(await write(plan.head))) return;
    let left = plan.fillBytes;
    while (left > 0) {
      const size = Math.min(left, chunkBytes);
      if (!(await write(size === chunkBytes ? filler : filler.subarray(0, size)))) return;
      left -= size;
      if (plan.delayMs) await sleep(plan.delayMs);
    }
    if (!(await write(closing))) return;
    finished = true;
    request.end();
  })().catch(() => undefined);
  return { answer, sent: () => sent, abort: () => request.destroy(), request };
};
