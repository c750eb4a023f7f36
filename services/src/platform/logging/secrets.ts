import { stdSerializers, type Logger } from 'pino';

/** What a secret is replaced with in the log. */
export const REDACTED = '[REDACTED]';

/**
 * Names whose values are secrets wherever they appear: a query parameter, a header, a field of a logged object
 * (a body, a job's data). Compared lower-case, `-` and `_` alike.
 */
const SECRET_NAMES = new Set(
  [
    'password', 'current_password', 'new_password', 'passphrase', 'pin', 'new_pin', 'current_pin',
    'token', 'undo_token', 'reset_token', 'access_token', 'accesstoken', 'refresh_token', 'id_token', 'client_secret', 'secret',
    'code', 'otp', 'authorization', 'proxy_authorization', 'cookie', 'set_cookie', 'key', 'api_key', 'x_api_key',
    'signature', 'sig', 'stripe_signature', 'altcha', 'captcha', 'payload',
  ].map((name) => name.replaceAll('-', '_')),
);
const isSecretName = (name: string) => SECRET_NAMES.has(name.toLowerCase().replaceAll('-', '_'));

// `name=value` in a query string or a text: the value of a secret name is dropped whatever it looks like.
const NAMED_VALUE = /([A-Za-z][\w-]{0,40})=([^&\s#"',;]*)/g;
// A run that may be a token: base64url and hex characters (a JWT's parts, a MAC, a reset key).
const RUN = /[A-Za-z0-9_-]{20,}/g;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
// A readable slug ("how-to-protect-your-home-title"): lower-case words, none longer than 12 characters.
const SLUG = /^[a-z0-9]{1,12}(?:-[a-z0-9]{1,12})*$/;
// Percent-encoded letters, digits and `-._~` (RFC 3986 unreserved): decoded first, so an encoded token is seen as one.
const ENCODED_UNRESERVED = /%(?:2[dDeE]|3[0-9]|[46][1-9a-fA-F]|[57][0-9aA]|5[fF]|7[eE])/g;

/** A run of base64url or hex characters long enough to be a token, that is neither an id (UUID) nor a readable slug. */
export const isTokenShaped = (run: string): boolean => run.length >= 20 && !UUID.test(run) && !SLUG.test(run) && /[0-9A-Z_]/.test(run);

/**
 * A URL (path and query) or a text with every secret taken out: the value of every secret-named parameter
 * (`token=`, `code=`, `password=` ...) and every token-shaped run (a link's MAC, a reset key, a JWT), wherever it sits
 * (a path segment, any query value). Ids (UUIDs), short values and readable slugs stay, so the log still says which
 * order or checkout a request was about.
 */
export const scrubSecrets = (text: string): string => {
  const decoded = text.includes('%') ? text.replace(ENCODED_UNRESERVED, (c) => decodeURIComponent(c)) : text;
  return decoded
    .replace(NAMED_VALUE, (whole, name: string, value: string) => (isSecretName(name) && value !== '' ? `${name}=${REDACTED}` : whole))
    .replace(RUN, (run) => (isTokenShaped(run) ? REDACTED : run));
};

/** The URL scrubber: `scrubSecrets` for a request's URL (path and query). */
export const scrubUrl = (url: string): string => scrubSecrets(url);

/**
 * A logged value with its secrets taken out: secret-named fields dropped (unless `keep` names them: an error's `code` is
 * its kind, not a secret), strings scrubbed, deep (bounded), cycles cut.
 */
export const scrubValue = (value: unknown, keep: ReadonlySet<string> = new Set(), depth = 0, seen = new WeakSet<object>()): unknown => {
  if (typeof value === 'string') return scrubSecrets(value);
  if (value === null || typeof value !== 'object') return value;
  if (depth > 8 || seen.has(value)) return '[...]';
  seen.add(value);
  if (Buffer.isBuffer(value) || value instanceof Uint8Array) return `[${value.byteLength} bytes]`;
  if (Array.isArray(value)) return value.map((item) => scrubValue(item, keep, depth + 1, seen));
  const out: Record<string, unknown> = {};
  for (const [name, field] of Object.entries(value)) {
    out[name] = isSecretName(name) && !keep.has(name) && field !== null && field !== undefined && field !== '' ? REDACTED : scrubValue(field, keep, depth + 1, seen);
  }
  return out;
};

const ERROR_FIELDS = new Set(['code']);

interface LoggedRequest {
  method?: string;
  url?: string;
  host?: string;
  ip?: string;
  headers?: Record<string, unknown>;
  socket?: { remotePort?: number };
}

/**
 * Serializers for the keys requests, errors and jobs are logged under. Fastify's own `req` logs the raw URL (a reset
 * link's query, a receipt link's path): this one logs it scrubbed, and never a header.
 */
const scrubbing = (value: unknown) => scrubValue(value);
export const secretSerializers = {
  req: (req: LoggedRequest) => ({
    method: req.method,
    url: typeof req.url === 'string' ? scrubUrl(req.url) : req.url,
    host: req.host,
    remoteAddress: req.ip,
    remotePort: req.socket?.remotePort,
  }),
  err: (err: Error) => scrubValue(stdSerializers.err(err), ERROR_FIELDS),
  error: (err: unknown) => (err instanceof Error ? scrubValue(stdSerializers.err(err), ERROR_FIELDS) : scrubValue(err, ERROR_FIELDS)),
  url: scrubbing,
  headers: scrubbing,
  body: scrubbing,
  query: scrubbing,
  params: scrubbing,
  data: scrubbing,
  job: scrubbing,
  payload: scrubbing,
  variables: scrubbing,
  message: scrubbing,
  problem: scrubbing,
  issues: scrubbing,
};

/** Top-level fields that are secrets in any log call (`log.info({ token }, ...)`). */
export const SECRET_LOG_PATHS = [
  'password', 'current_password', 'new_password', 'pin', 'new_pin', 'token', 'access_token', 'refresh_token', 'otp',
  'authorization', 'cookie', 'altcha', 'signature', 'secret',
];

/**
 * The app's logger with secrets kept out of it, at every level: the one place the app's logger is made safe
 * (`startApplication` wraps the logger it is given, so every role, worker and request logs through it).
 */
export const withoutSecrets = (log: Logger): Logger =>
  log.child({}, { redact: { paths: SECRET_LOG_PATHS, censor: REDACTED }, serializers: secretSerializers });
