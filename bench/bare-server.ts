import Fastify from 'fastify';

/** Baseline for the ingest bench: a bare Fastify route that parses JSON and answers, nothing else. */
const app = Fastify({ logger: false });
app.post('/api/v1/user-interaction/store', async () => ({ success: true }));
app.get('/api/health', async () => ({ success: true }));
await app.listen({ port: Number(process.env.PORT ?? 0), host: '127.0.0.1' });
