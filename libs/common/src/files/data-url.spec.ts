import { describe, expect, it } from 'vitest';
import { DATA_URL_MAX_HEADER_CHARS, decodeDataUrl } from './data-url.js';

const bytes = Buffer.from([0xfb, 0xff, 0x00, 0x10, 0x41]);
const base64 = bytes.toString('base64');

describe('decodeDataUrl', () => {
  it('decodes a data URL with or without a type and parameters, whatever the case of its scheme', () => {
    for (const value of [
      `data:image/png;base64,${base64}`,
      `data:audio/webm;codecs=opus;base64,${base64}`,
      `data:;base64,${base64}`,
      `DATA:image/svg+xml;charset=utf-8;BASE64,${base64}`,
      `  data:image/png;base64,${base64.slice(0, 4)}\n${base64.slice(4)}`,
      `data:image/png;base64,${bytes.toString('base64url')}`,
    ]) {
      expect(decodeDataUrl(value, { bare: false }), value).toEqual({ bytes });
    }
  });

  it('decodes bare base64 only where the caller allows it', () => {
    expect(decodeDataUrl(base64, { bare: true })).toEqual({ bytes });
    expect(decodeDataUrl(base64, { bare: false })).toEqual({ problem: 'not-a-data-url' });
  });

  it('refuses a data URL that is not base64, or whose header is not a type and parameters', () => {
    for (const value of [
      'data:image/png,<svg/>',
      'data:image/png;base64',
      'data:image/png;base64,@@@@',
      'data:image/png;base64,AAAAA',
      `data:image/png;charset;base64,${base64}`,
      `data:image png;base64,${base64}`,
      `data:image/png;a=b c;base64,${base64}`,
    ]) {
      expect(decodeDataUrl(value, { bare: true }), value).toHaveProperty('problem');
    }
  });

  it('reads a header of up to the bound and refuses a longer one, without reading to its end', () => {
    const header = (length: number): string =>
      `image/png;p=${'x'.repeat(length - 'image/png;p=;base64'.length)};base64`;
    expect(header(DATA_URL_MAX_HEADER_CHARS)).toHaveLength(DATA_URL_MAX_HEADER_CHARS);
    expect(decodeDataUrl(`data:${header(DATA_URL_MAX_HEADER_CHARS)},${base64}`, { bare: false })).toEqual({ bytes });
    expect(decodeDataUrl(`data:${header(DATA_URL_MAX_HEADER_CHARS + 1)},${base64}`, { bare: false })).toEqual({
      problem: 'header-too-long',
    });
  });

  it('answers a header of millions of parameters, or one that never reaches its comma, as too long', () => {
    for (const flood of [';a='.repeat(3_000_000), ';a=b'.repeat(2_000_000)]) {
      expect(decodeDataUrl(`data:image/png${flood};base64,${base64}`, { bare: true })).toEqual({
        problem: 'header-too-long',
      });
      expect(decodeDataUrl(`data:image/png${flood}`, { bare: true })).toEqual({ problem: 'header-too-long' });
    }
  });
});
