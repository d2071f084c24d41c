/** A browser-like HTTP client for tests: keeps the session cookie between calls. */
export class HttpClient {
  private cookie: string | null = null;

  constructor(private readonly baseUrl: string) {}

  get sessionCookie(): string | null {
    return this.cookie;
  }

  /** Uses another client's cookie, as someone who copied it would. */
  withCookie(cookie: string | null): HttpClient {
    const copy = new HttpClient(this.baseUrl);
    copy.cookie = cookie;
    return copy;
  }

  async request(method: string, path: string, body?: unknown, headers: Record<string, string> = {}): Promise<Response> {
    const response = await fetch(`${this.baseUrl}${path}`, {
      method,
      headers: {
        ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
        ...(this.cookie ? { cookie: this.cookie } : {}),
        ...headers,
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const setCookie = response.headers.get('set-cookie');
    if (setCookie) {
      const [pair] = setCookie.split(';');
      const value = pair?.split('=').slice(1).join('=') ?? '';
      this.cookie = value ? pair! : null;
    }
    return response;
  }

  get(path: string): Promise<Response> {
    return this.request('GET', path);
  }

  post(path: string, body?: unknown): Promise<Response> {
    return this.request('POST', path, body);
  }

  patch(path: string, body: unknown): Promise<Response> {
    return this.request('PATCH', path, body);
  }

  delete(path: string): Promise<Response> {
    return this.request('DELETE', path);
  }

  async login(username: string, password: string): Promise<Response> {
    return this.post('/api/login', { username, password });
  }
}

export async function json<T = Record<string, unknown>>(response: Response): Promise<T> {
  return (await response.json()) as T;
}
