import { describe, expect, it } from 'vitest';
import { whatsappNumberOf } from './whatsapp-number.js';

describe('whatsappNumberOf', () => {
  it('writes a number as WhatsApp names a sender: the digits with the country code', () => {
    expect(whatsappNumberOf('+966 55 812 4403')).toBe('966558124403');
    expect(whatsappNumberOf('00971 50 123 4567')).toBe('971501234567');
    expect(whatsappNumberOf('966558124403')).toBe('966558124403');
    expect(whatsappNumberOf('(+966) 55-812-4403')).toBe('966558124403');
  });

  it('takes a local number to be in the default country', () => {
    expect(whatsappNumberOf('055 812 4403')).toBe('966558124403');
    expect(whatsappNumberOf('558124403')).toBe('966558124403');
    expect(whatsappNumberOf('050 123 4567', '971')).toBe('971501234567');
  });

  it('reads Arabic-Indic and Persian digits', () => {
    expect(whatsappNumberOf('٠٥٥٨١٢٤٤٠٣')).toBe('966558124403');
    expect(whatsappNumberOf('+۹۶۶۵۵۸۱۲۴۴۰۳')).toBe('966558124403');
  });

  it('is null for what cannot be a number', () => {
    expect(whatsappNumberOf('12')).toBeNull();
    expect(whatsappNumberOf('+0 1234 5678')).toBeNull();
    expect(whatsappNumberOf('1234567890123456789')).toBeNull();
  });
});
