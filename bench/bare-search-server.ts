import Fastify from 'fastify';

/**
 * Baseline for the autocomplete bench: a bare Fastify route at the search path that answers a canned page of 8
 * properties (the size of a real answer), with no lookup, validation, guard or rate limit.
 */
const items = Array.from({ length: 8 }, (_, i) => ({
  id: `ca-lax-0000${i}`,
  address_line: `${1200 + i} Oak Street`,
  city: 'Los Angeles',
  county: 'Los Angeles',
  state: 'CA',
  zip: '90004',
  apn: `5432-019-02${i}`,
}));
const app = Fastify({ logger: false });
app.get('/api/v1/properties/search', async () => ({ success: true, data: { items } }));
app.get('/api/health', async () => ({ success: true }));
await app.listen({ port: Number(process.env.PORT ?? 0), host: '127.0.0.1' });
