import { createServer, type Server, type Socket } from 'node:net';

/** One message an SMTP client handed over: its envelope recipients and its Subject and Message-ID headers. */
export interface CapturedMail {
  to: string[];
  subject: string;
  messageId: string;
}

/** Headers of a message (folded lines joined), by lower-case name. */
const headersOf = (lines: readonly string[]): Map<string, string> => {
  const headers = new Map<string, string>();
  let last = '';
  for (const line of lines) {
    if (line === '') break;
    if (/^[ \t]/.test(line) && last) headers.set(last, `${headers.get(last) ?? ''} ${line.trim()}`);
    else {
      const colon = line.indexOf(':');
      if (colon <= 0) continue;
      last = line.slice(0, colon).toLowerCase();
      headers.set(last, line.slice(colon + 1).trim());
    }
  }
  return headers;
};

/**
 * A minimal SMTP server that accepts every message and keeps its recipients, subject and Message-ID (never the
 * body): what a test needs to say whether each email went out, and how many times.
 */
export const startSmtpCapture = async (): Promise<{ url: string; messages: CapturedMail[]; close: () => Promise<void> }> => {
  const messages: CapturedMail[] = [];
  const sockets = new Set<Socket>();
  const server: Server = createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    let data: string[] | null = null;
    let to: string[] = [];
    let buffer = '';
    socket.setEncoding('utf8');
    socket.write('220 capture ESMTP\r\n');
    socket.on('data', (chunk: string) => {
      buffer += chunk;
      for (let end = buffer.indexOf('\r\n'); end >= 0; end = buffer.indexOf('\r\n')) {
        const line = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        if (data) {
          if (line === '.') {
            const headers = headersOf(data);
            messages.push({ to, subject: headers.get('subject') ?? '', messageId: headers.get('message-id') ?? '' });
            data = null;
            to = [];
            socket.write('250 OK queued\r\n');
          } else data.push(line.startsWith('.') ? line.slice(1) : line);
          continue;
        }
        const verb = line.slice(0, 4).toUpperCase();
        if (verb === 'EHLO') socket.write('250-capture\r\n250 8BITMIME\r\n');
        else if (verb === 'RCPT') {
          to.push(/<([^>]*)>/.exec(line)?.[1] ?? '');
          socket.write('250 OK\r\n');
        } else if (verb === 'DATA') {
          data = [];
          socket.write('354 End data with <CR><LF>.<CR><LF>\r\n');
        } else if (verb === 'QUIT') socket.end('221 Bye\r\n');
        else socket.write('250 OK\r\n');
      }
    });
    socket.on('error', () => socket.destroy());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    url: `smtp://127.0.0.1:${port}`,
    messages,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
};
