/**
 * Uploads arrive as JSON strings: a data URL (`data:<type>[;<name>=<value>]*;base64,<data>`) or,
 * where a route allows it, bare base64 (CONTRACT §6). Only the header, the text before the first
 * comma, is parsed, and it may be at most DATA_URL_MAX_HEADER_CHARS long: a browser writes
 * `data:audio/webm;codecs=opus;base64,`, and a header of millions of `;a=` is an attack (it
 * overflowed the regular expression that used to read it). The declared type is never returned:
 * the bytes decide what a file is.
 */

/** The longest header (between `data:` and the first comma) accepted. */
export const DATA_URL_MAX_HEADER_CHARS = 256;

/** Why a value could not be decoded; each caller words its own message and error code. */
export type DataUrlProblem = 'not-a-data-url' | 'header-too-long' | 'not-base64';

export type DecodedDataUrl = { bytes: Buffer } | { problem: DataUrlProblem };

const mediaType = /^[\w!#$&^.+-]+\/[\w!#$&^.+-]+$/;
const parameter = /^[\w!#$&^.+-]+=[^\s"\\]*$/;
const base64 = /^[A-Za-z0-9+/]*={0,2}$/;
const base64Url = /^[A-Za-z0-9_-]*={0,2}$/;

/** The header's parts are `<type>` (or nothing), `<name>=<value>` parameters, then `base64`. */
function isBase64Header(header: string): boolean {
  const parts = header.split(';');
  if (parts.pop()?.toLowerCase() !== 'base64') return false;
  const type = parts.shift() ?? '';
  return (type === '' || mediaType.test(type)) && parts.every((part) => parameter.test(part));
}

function decodeBase64(text: string): DecodedDataUrl {
  const payload = text.replace(/\s+/g, '');
  if (payload.length % 4 === 1) return { problem: 'not-base64' };
  if (base64.test(payload)) return { bytes: Buffer.from(payload, 'base64') };
  if (base64Url.test(payload)) return { bytes: Buffer.from(payload, 'base64url') };
  return { problem: 'not-base64' };
}

/**
 * The bytes of a base64 data URL, or of bare base64 (standard or URL-safe alphabet, padded or
 * not, whitespace ignored) when `bare` allows it; else the problem. Linear in the value's length.
 */
export function decodeDataUrl(value: string, options: { bare: boolean }): DecodedDataUrl {
  const text = value.trimStart();
  if (text.slice(0, 5).toLowerCase() !== 'data:')
    return options.bare ? decodeBase64(text) : { problem: 'not-a-data-url' };
  const comma = text.slice(0, 5 + DATA_URL_MAX_HEADER_CHARS + 1).indexOf(',');
  if (comma < 0) return { problem: text.length > 5 + DATA_URL_MAX_HEADER_CHARS ? 'header-too-long' : 'not-a-data-url' };
  if (!isBase64Header(text.slice(5, comma))) return { problem: 'not-base64' };
  return decodeBase64(text.slice(comma + 1));
}
