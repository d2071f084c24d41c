import { describe, expect, it } from 'vitest';
import { clientErrorResponse } from './client-error.js';

function parse(raw: string): { status: number; body: unknown } {
  const [head = '', body = ''] = raw.split('\r\n\r\n');
  return { status: Number(head.split(' ')[1]), body: JSON.parse(body) };
}

describe('clientErrorResponse', () => {
  it('answers a URL past the header limit with 431 in the contract’s shape, not Fastify’s', () => {
    const error = Object.assign(new Error('Header overflow'), {
      code: 'HPE_HEADER_OVERFLOW',
      rawPacket: Buffer.from(`GET /api/stock?search=${'q'.repeat(64)}`),
    });
    expect(parse(clientErrorResponse(error))).toEqual({
      status: 431,
      body: { message: 'The URL and headers of the request are too large', code: 'PAYLOAD_TOO_LARGE' },
    });
  });

  it('answers the partner API in its envelope, and anything else malformed with a 400', () => {
    const partner = Object.assign(new Error('Header overflow'), {
      code: 'HPE_HEADER_OVERFLOW',
      rawPacket: Buffer.from('GET /api/v1/products?search=qqqq'),
    });
    expect(parse(clientErrorResponse(partner)).body).toMatchObject({ success: false, code: 'PAYLOAD_TOO_LARGE' });
    const malformed = Object.assign(new Error('Parse Error'), { code: 'HPE_INVALID_METHOD' });
    expect(parse(clientErrorResponse(malformed))).toMatchObject({ status: 400, body: { code: 'VALIDATION_FAILED' } });
  });
});
