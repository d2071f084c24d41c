/**
 * Meta's Graph API as the WhatsApp channel uses it: the number (test connection), a media
 * object's URL and its download, and sending a message. Every call carries the bearer token and
 * a timeout; what fails says whether trying again later may help (`retryable`: the network, a
 * timeout, 429 or 5xx) or not (a refused token, an unknown media id, a malformed message).
 */

export interface GraphConnection {
  graphBaseUrl: string;
  phoneNumberId: string;
  accessToken: string;
}

export class GraphError extends Error {
  constructor(
    message: string,
    readonly retryable: boolean,
    readonly status: number | null = null,
  ) {
    super(message);
  }
}

export interface MediaInfo {
  url: string;
  mimeType: string | null;
  fileSize: number | null;
}

type Json = Record<string, unknown>;

/** Graph's own words for a failure: `{ error: { message, code } }`, else the status. */
function graphMessage(status: number, body: unknown): string {
  const error = typeof body === 'object' && body !== null ? (body as Json).error : undefined;
  if (typeof error === 'object' && error !== null) {
    const { message, code } = error as Json;
    if (typeof message === 'string') return `${message}${code !== undefined ? ` (code ${String(code)})` : ''}`;
  }
  return `HTTP ${status}`;
}

const retryableStatus = (status: number): boolean => status === 429 || status >= 500;

export class GraphApi {
  constructor(private readonly timeoutMs: number) {}

  /** GET /{phone-number-id}: the number's display form and verified name. */
  async phoneNumber(connection: GraphConnection): Promise<{ displayPhoneNumber: string; verifiedName: string }> {
    const body = await this.json(connection, `${connection.phoneNumberId}?fields=display_phone_number,verified_name`, {
      method: 'GET',
    });
    return {
      displayPhoneNumber: String(body.display_phone_number ?? ''),
      verifiedName: String(body.verified_name ?? ''),
    };
  }

  /** GET /{media-id}: where to download a media object, its type and size. */
  async mediaInfo(connection: GraphConnection, mediaId: string): Promise<MediaInfo> {
    const body = await this.json(connection, encodeURIComponent(mediaId), { method: 'GET' });
    if (typeof body.url !== 'string' || !/^https?:\/\//.test(body.url)) {
      throw new GraphError('Meta gave no download URL for the media', false);
    }
    const size = Number(body.file_size);
    return {
      url: body.url,
      mimeType: typeof body.mime_type === 'string' ? body.mime_type : null,
      fileSize: Number.isFinite(size) ? size : null,
    };
  }

  /** The media's bytes, with the bearer token; more than `maxBytes` is refused without reading it all. */
  async download(connection: GraphConnection, url: string, maxBytes: number): Promise<Buffer> {
    const response = await this.fetch(url, { method: 'GET', headers: this.headers(connection) });
    if (!response.ok) {
      await response.body?.cancel();
      throw new GraphError(
        `The media download failed: HTTP ${response.status}`,
        retryableStatus(response.status),
        response.status,
      );
    }
    const declared = Number(response.headers.get('content-length'));
    if (Number.isFinite(declared) && declared > maxBytes) {
      await response.body?.cancel();
      throw new TooLargeMedia(declared);
    }
    const chunks: Buffer[] = [];
    let size = 0;
    try {
      for await (const chunk of response.body ?? []) {
        size += (chunk as Uint8Array).length;
        if (size > maxBytes) throw new TooLargeMedia(size);
        chunks.push(Buffer.from(chunk as Uint8Array));
      }
    } catch (error) {
      if (error instanceof TooLargeMedia) throw error;
      throw new GraphError(`The media download broke off: ${(error as Error).message}`, true);
    }
    return Buffer.concat(chunks);
  }

  /** POST /{phone-number-id}/messages: the message's WhatsApp id. */
  async send(connection: GraphConnection, message: Json): Promise<string> {
    const body = await this.json(connection, `${connection.phoneNumberId}/messages`, {
      method: 'POST',
      body: JSON.stringify({ messaging_product: 'whatsapp', ...message }),
    });
    const sent = Array.isArray(body.messages) ? (body.messages[0] as Json | undefined) : undefined;
    if (typeof sent?.id !== 'string') throw new GraphError('Meta answered without a message id', false);
    return sent.id;
  }

  private headers(connection: GraphConnection): Record<string, string> {
    return { authorization: `Bearer ${connection.accessToken}` };
  }

  private async json(connection: GraphConnection, path: string, init: RequestInit): Promise<Json> {
    const url = `${connection.graphBaseUrl.replace(/\/+$/, '')}/${path}`;
    const response = await this.fetch(url, {
      ...init,
      headers: { ...this.headers(connection), ...(init.body ? { 'content-type': 'application/json' } : {}) },
    });
    let body: unknown;
    try {
      body = await response.json();
    } catch {
      body = null;
    }
    if (!response.ok) {
      throw new GraphError(graphMessage(response.status, body), retryableStatus(response.status), response.status);
    }
    if (typeof body !== 'object' || body === null) throw new GraphError('Meta answered with no JSON', true);
    return body as Json;
  }

  private async fetch(url: string, init: RequestInit): Promise<Response> {
    try {
      return await fetch(url, { ...init, redirect: 'follow', signal: AbortSignal.timeout(this.timeoutMs) });
    } catch (error) {
      const cause = (error as Error & { cause?: Error }).cause;
      const reason =
        error instanceof Error && error.name === 'TimeoutError'
          ? 'no answer in time'
          : (cause?.message ?? (error as Error).message);
      throw new GraphError(`Meta could not be reached: ${reason}`, true);
    }
  }
}

/** A media object larger than intake takes. */
export class TooLargeMedia extends Error {
  constructor(readonly bytes: number) {
    super(`The file is ${(bytes / (1024 * 1024)).toFixed(1)} MB; at most 10 MB is accepted`);
  }
}
