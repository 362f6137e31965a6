import http from 'node:http';

export interface TestResponse<T = any> {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: T;
  text: string;
  bytes: Buffer;
}

let nextAddress = 2;

/**
 * A small HTTP client for API tests: keeps cookies like a browser, sends the site's Origin on writes,
 * and connects from its own loopback address (127.0.x.y) so each client is a distinct "IP" to the
 * server's rate limits, as separate users would be.
 */
export class TestClient {
  readonly cookies = new Map<string, string>();
  readonly localAddress: string;

  constructor(
    readonly baseUrl: string,
    readonly origin: string,
    localAddress?: string,
  ) {
    if (localAddress) this.localAddress = localAddress;
    else {
      const n = nextAddress++;
      this.localAddress = `127.0.${(n >> 8) & 255}.${n & 255}`;
    }
  }

  /** A new client from the same address with no cookies. */
  sameAddress(): TestClient {
    return new TestClient(this.baseUrl, this.origin, this.localAddress);
  }

  get = <T = any>(path: string, headers: Record<string, string> = {}) => this.request<T>('GET', path, undefined, headers);
  post = <T = any>(path: string, body?: unknown, headers: Record<string, string> = {}) => this.request<T>('POST', path, body, headers);
  put = <T = any>(path: string, body?: unknown, headers: Record<string, string> = {}) => this.request<T>('PUT', path, body, headers);
  patch = <T = any>(path: string, body?: unknown, headers: Record<string, string> = {}) => this.request<T>('PATCH', path, body, headers);
  delete = <T = any>(path: string, headers: Record<string, string> = {}) => this.request<T>('DELETE', path, undefined, headers);

  /** A multipart upload, encoded as a browser would encode the FormData. */
  async sendForm<T = any>(method: string, path: string, form: FormData, headers: Record<string, string> = {}): Promise<TestResponse<T>> {
    const encoded = new Response(form);
    const payload = Buffer.from(await encoded.arrayBuffer());
    return this.request<T>(method, path, payload, { 'content-type': encoded.headers.get('content-type')!, ...headers });
  }

  request<T = any>(method: string, path: string, body?: unknown, headers: Record<string, string> = {}): Promise<TestResponse<T>> {
    const url = new URL(path, this.baseUrl);
    const raw = Buffer.isBuffer(body);
    const payload = body === undefined ? undefined : raw ? body : Buffer.from(JSON.stringify(body));
    const allHeaders: Record<string, string> = {
      ...(method !== 'GET' && method !== 'HEAD' ? { origin: this.origin } : {}),
      ...(payload ? { 'content-type': 'application/json', 'content-length': String(payload.length) } : {}),
      ...(this.cookies.size > 0 ? { cookie: [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ') } : {}),
      ...headers,
    };
    return new Promise((resolve, reject) => {
      const req = http.request(
        {
          method,
          hostname: url.hostname,
          port: url.port,
          path: url.pathname + url.search,
          headers: allHeaders,
          localAddress: this.localAddress,
        },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.push(c));
          res.on('end', () => {
            for (const line of res.headers['set-cookie'] ?? []) {
              const [pair = '', ...attrs] = line.split(';');
              const eq = pair.indexOf('=');
              const name = pair.slice(0, eq).trim();
              const value = pair.slice(eq + 1).trim();
              const expired = attrs.some((a) => /max-age=0/i.test(a.trim())) || value === '';
              if (expired) this.cookies.delete(name);
              else this.cookies.set(name, value);
            }
            const bytes = Buffer.concat(chunks);
            const text = bytes.toString('utf8');
            let parsed: unknown = text;
            // An encoded answer (the caller asked for gzip) is left to the caller to decode.
            const encoded = res.headers['content-encoding'] !== undefined;
            if (res.headers['content-type']?.includes('application/json') && text && !encoded) parsed = JSON.parse(text);
            resolve({ status: res.statusCode ?? 0, headers: res.headers, body: parsed as T, text, bytes });
          });
        },
      );
      req.on('error', reject);
      if (payload) req.write(payload);
      req.end();
    });
  }
}
