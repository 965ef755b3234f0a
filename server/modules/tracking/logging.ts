/**
 * Request logging without secrets: advertisers authenticate `/postback` with `?secret=...`, a
 * password reset link carries `?token=...` (docs/recovery.md), and the request line is logged at
 * info level. `redactUrlSecrets` masks the value of every query parameter named secret or token
 * (any case, also percent-encoded names); `requestLogSerializers` is the pino `req` serializer the
 * server's logger uses (Fastify's own fields, url redacted).
 */
const SECRET_NAMES = new Set(['secret', 'token']);

function decodedName(raw: string): string {
  try {
    return decodeURIComponent(raw.replace(/\+/g, ' ')).trim().toLowerCase();
  } catch {
    return raw.toLowerCase();
  }
}

export function redactUrlSecrets(url: string): string {
  const q = url.indexOf('?');
  if (q < 0) return url;
  const hash = url.indexOf('#', q);
  const query = url.slice(q + 1, hash < 0 ? undefined : hash);
  let changed = false;
  const parts = query.split('&').map((part) => {
    const eq = part.indexOf('=');
    const name = eq < 0 ? part : part.slice(0, eq);
    if (eq < 0 || !SECRET_NAMES.has(decodedName(name))) return part;
    changed = true;
    return `${name}=[redacted]`;
  });
  if (!changed) return url;
  return `${url.slice(0, q + 1)}${parts.join('&')}${hash < 0 ? '' : url.slice(hash)}`;
}

interface LoggedRequest {
  method?: string;
  url?: string;
  host?: string;
  ip?: string;
  headers?: Record<string, string | string[] | undefined>;
  socket?: { remotePort?: number };
}

const requestLogSerializers = {
  req(req: LoggedRequest) {
    return {
      method: req.method,
      url: redactUrlSecrets(req.url ?? ''),
      version: ((v) => (Array.isArray(v) ? v[0] : v))(req.headers?.['accept-version']),
      host: req.host,
      remoteAddress: req.ip,
      remotePort: req.socket?.remotePort,
    };
  },
};

/** The server's logger options (server/index.ts): tokens, passwords, cookies and secrets never logged. */
export function serverLoggerOptions(level: string) {
  return {
    level,
    // Never log tokens, passwords or cookies...
    redact: ['req.headers["x-app-token"]', 'req.headers.cookie', 'req.headers.authorization'],
    // ...nor the advertiser's postback secret in a request URL.
    serializers: requestLogSerializers,
  };
}
