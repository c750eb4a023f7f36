import { createServer } from 'node:http';
import { Server } from 'socket.io';

/**
 * Baseline for the watch benches: a bare socket.io server. A client joins a room by `subscribe` (acked, as the app's),
 * and `POST /push/<id>` emits BARE_MESSAGE (`payment.updated`) to room `<BARE_ROOM_KIND>:<id>` (`checkout:<id>`) at
 * once, with a view that has moved: HTTP in, socket.io out, nothing else.
 */
const kind = process.env.BARE_ROOM_KIND ?? 'checkout';
const message = process.env.BARE_MESSAGE ?? 'payment.updated';
const http = createServer((request, response) => {
  const match = /^\/push\/(.+)$/.exec(request.url ?? '');
  if (request.method === 'GET' && request.url === '/api/health') return response.end('{"success":true}');
  if (request.method !== 'POST' || !match) return response.writeHead(404).end();
  request.resume();
  request.on('end', () => {
    io.to(`${kind}:${match[1]}`).emit(message, { id: match[1], status: 'succeeded', moved: true });
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
