import { createServer, type Server } from 'node:net';

/**
 * A minimal SMTP server that accepts every message and keeps none, for benchmarks whose app sends email (NHD reports
 * to every recipient): the app's mail path runs end to end, without a retry storm against a closed port.
 */
export const startSmtpSink = async (): Promise<{ url: string; received: () => number; stop: () => Promise<void> }> => {
  let received = 0;
  const server: Server = createServer((socket) => {
    let inData = false;
    let buffer = '';
    socket.setEncoding('utf8');
    socket.write('220 bench-sink ESMTP\r\n');
    socket.on('data', (chunk: string) => {
      buffer += chunk;
      for (let end = buffer.indexOf('\r\n'); end >= 0; end = buffer.indexOf('\r\n')) {
        const line = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        if (inData) {
          if (line === '.') {
            inData = false;
            received += 1;
            socket.write('250 OK queued\r\n');
          }
          continue;
        }
        const verb = line.slice(0, 4).toUpperCase();
        if (verb === 'EHLO') socket.write('250-bench-sink\r\n250 8BITMIME\r\n');
        else if (verb === 'HELO' || verb === 'MAIL' || verb === 'RCPT' || verb === 'RSET' || verb === 'NOOP') socket.write('250 OK\r\n');
        else if (verb === 'DATA') {
          inData = true;
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
  return { url: `smtp://127.0.0.1:${port}`, received: () => received, stop: () => new Promise<void>((resolve) => server.close(() => resolve())) };
};
