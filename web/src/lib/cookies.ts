export interface CookieOptions {
  /** Lifetime in seconds. */
  maxAge?: number;
  path?: string;
  sameSite?: 'Lax' | 'Strict';
}

export function readCookie(name: string): string | undefined {
  const prefix = `${encodeURIComponent(name)}=`;
  for (const part of document.cookie.split(';')) {
    const entry = part.trim();
    if (entry.startsWith(prefix)) return decodeURIComponent(entry.slice(prefix.length));
  }
  return undefined;
}

export function writeCookie(name: string, value: string, options: CookieOptions = {}): void {
  const { maxAge, path = '/', sameSite = 'Lax' } = options;
  let cookie = `${encodeURIComponent(name)}=${encodeURIComponent(value)}; path=${path}; SameSite=${sameSite}`;
  if (maxAge !== undefined) cookie += `; max-age=${maxAge}`;
  document.cookie = cookie;
}
