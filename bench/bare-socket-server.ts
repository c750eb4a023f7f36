import { createServer } from 'node:http';
import { Server } from 'socket.io';

/**
 * Baseline for the payment-watch bench: a bare socket.io server. A client joins a room by `subscribe` (acked, as the
 * app's), and `POST /push/<id>` emits `payment.updated` to room `checkout:<id>` at once: HTTP in, socket.io out, nothing else.
 */
const http = createServer((request, response) => {
  const match = /^\/push\/(.+)$/.exec(request.url ?? '');
  if (request.method === 'GET' && request.url === '/api/health') return response.end('{"success":true}');
  if (request.method !== 'POST' || !match) return response.writeHead(404).end();
  request.resume();
  request.on('end', () => {
    io.to(`checkout:${match[1]}`).emit('payment.updated', { checkout_id: match[1], status: 'succeeded' });
    response.writeHead(200, { 'content-type': 'application/json' }).end('{"success":true}');
  });
});
const io = new Server(http, { path: '/socket.io', transports: ['websocket'] });
io.on('connection', (socket) => {
  socket.on('subscribe', (request: { entity: string }, ack?: (answer: { ok: boolean }) => void) => {
    void socket.join(request.entity);
    ack?.({ ok: true });
  });
});
http.listen(Number(process.env.PORT ?? 0), '127.0.0.1');
