import { describe, expect, it } from 'vitest';
import { i18n } from '../../../lib/i18n';
import { toHttpError } from '../../../lib/http-error';
import { describeIntakeError, describeOrderError } from './order-errors';

const notEditable = toHttpError(
  409,
  'Conflict',
  JSON.stringify({ message: 'Only pending orders can be edited', code: 'ORDERS_NOT_EDITABLE' }),
);

describe('describeOrderError', () => {
  it("gives the server's message in English", () => {
    expect(describeOrderError(notEditable, i18n.t, 'en')).toBe('Only pending orders can be edited');
  });

  it('translates the order codes in Arabic (servers do not localise)', async () => {
    await i18n.changeLanguage('ar');
    expect(describeOrderError(notEditable, i18n.t, 'ar')).toBe('لا يمكن تعديل إلا الطلبات قيد الانتظار.');
  });
});

describe('describeIntakeError', () => {
  const message =
    'Arabic voice notes need a speech-to-text endpoint: set AI_BASE_URL (and AI_API_KEY, AI_TRANSCRIBE_MODEL)';
  const unavailable = toHttpError(
    503,
    'Service Unavailable',
    JSON.stringify({ message, code: 'AI_SPEECH_UNAVAILABLE' }),
  );

  it("gives the server's message about what to configure in English", () => {
    expect(describeIntakeError(unavailable, i18n.t, 'en')).toBe(message);
  });

  it('keeps that message, isolated left to right, after the Arabic explanation', async () => {
    await i18n.changeLanguage('ar');
    expect(describeIntakeError(unavailable, i18n.t, 'ar')).toBe(
      `الرسائل الصوتية بهذه اللغة تحتاج خدمة تحويل الكلام إلى نص. اطلب من مسؤول النظام إعدادها.\n\u2066${message}\u2069`,
    );
  });

  it('translates the other AI codes alone in Arabic', async () => {
    await i18n.changeLanguage('ar');
    const timeout = toHttpError(503, '', JSON.stringify({ message: 'Reading took too long', code: 'AI_TIMEOUT' }));
    expect(describeIntakeError(timeout, i18n.t, 'ar')).toBe('استغرقت القراءة وقتاً أطول من المسموح. حاول مرة أخرى.');
  });
});
