import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { z } from 'zod';

/** The route's zod body schema, when it has one. */
const bodySchemaOf = (request: FastifyRequest): z.ZodType | undefined => {
  const body = (request.routeOptions.schema as { body?: unknown } | undefined)?.body;
  return body && typeof (body as z.ZodType).safeParse === 'function' ? (body as z.ZodType) : undefined;
};

/**
 * JSON as Fastify parses it (prototype and constructor poisoning refused), except that an empty body with
 * `Content-Type: application/json` (what many clients send for "no body") is no body, as if the header were absent.
 */
export const jsonWithEmptyAsNone = (app: FastifyInstance) => {
  const json = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = body.toString(); // parseAs 'string': always a string
    if (text.trim() === '') return done(null, undefined);
    return json(request, text, done);
  });
};

/**
 * A POST sent without a body, to a route whose fields are all optional (`{}` is a valid body), is read as `{}`:
 * a client need not send an empty object to say "nothing to add".
 */
export const acceptMissingOptionalBody = (app: FastifyInstance) =>
  app.addHook('preValidation', (request, _reply, done) => {
    if (request.body == null) {
      const schema = bodySchemaOf(request);
      if (schema?.safeParse({}).success) request.body = {};
    }
    done();
  });

/**
 * The answer to a request with no body where the route needs fields: what to send, field by field, instead of the
 * validator's "expected object, received null". Undefined when the request had a body (the usual field errors apply).
 */
export const missingBodyIssues = (
  request: FastifyRequest,
  plainIssue: (path: string, message: string, keyword: string) => string,
): { message: string; errors: { path: string; message: string }[] } | undefined => {
  if (request.body != null) return undefined;
  const parsed = bodySchemaOf(request)?.safeParse({});
  const errors =
    parsed && !parsed.success
      ? parsed.error.issues.map((issue) => {
          const path = issue.path.join('.');
          return { path, message: plainIssue(path, issue.message, issue.code) };
        })
      : [];
  const named = [...new Set(errors.map((e) => e.path).filter((p) => p !== ''))];
  const message = named.length > 0
    ? `The request has no body: send a JSON object with ${named.join(', ')} (Content-Type: application/json).`
    : 'The request has no body: send a JSON object (Content-Type: application/json).';
  return { message, errors: errors.length > 0 && named.length > 0 ? errors : [{ path: '', message }] };
};
