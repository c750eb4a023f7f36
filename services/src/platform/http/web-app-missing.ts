import type { FastifyReply, FastifyRequest } from 'fastify';
import type { ErrorEnvelope } from '@acpg/contracts/http';

export const WEB_APP_MISSING_CODE = 'WEB_APP_NOT_BUILT';
export const WEB_APP_MISSING_MESSAGE = 'The web app is not built. Run "npm run build", then reload this page. The API under /api keeps working.';

const PAGE = `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>ACPG: web app not built</title></head>
<body style="font-family: system-ui, sans-serif; max-width: 40rem; margin: 3rem auto; padding: 0 1rem; line-height: 1.5">
<main>
<h1>The web app is not built</h1>
<p>This server has no web build to show. Run <code>npm run build</code> in the repository, then reload this page.</p>
<p>The API under <code>/api</code> keeps working.</p>
</main>
</body>
</html>
`;

/**
 * The answer for `/` and other web paths while there is no web build (never built, or emptied under a running server
 * by a new build): 503 with a short page for a browser, the error envelope for anything else. Never cached.
 */
export const sendWebAppMissing = (request: FastifyRequest, reply: FastifyReply) => {
  reply.code(503).header('cache-control', 'no-store');
  if (request.headers.accept?.includes('text/html')) return reply.type('text/html; charset=utf-8').send(PAGE);
  const body: ErrorEnvelope = { success: false, code: WEB_APP_MISSING_CODE, message: WEB_APP_MISSING_MESSAGE };
  return reply.send(body);
};
