import type { TFunction } from 'i18next';
import { describeError, isHttpError } from '../../../lib/http-error';
import type { Language } from '../../../lib/language';

/**
 * A refused payment or deletion in the user's language: the billing codes in the screen's own
 * words (the balance the server saw, when it sent one), anything else as `describeError` says it.
 * `money` formats the server's balance in the invoice's currency.
 */
export function describePaymentError(
  error: unknown,
  t: TFunction,
  language: Language,
  money: (value: string) => string,
): string {
  const code = isHttpError(error) ? error.body?.code : undefined;
  switch (code) {
    case 'BILLING_PAYMENT_EXCEEDS_BALANCE': {
      const details = isHttpError(error) ? (error.body?.details as { balanceDue?: unknown } | undefined) : undefined;
      const balance = details?.balanceDue;
      return typeof balance === 'string' || typeof balance === 'number'
        ? t('invoices:payment.serverErrors.exceedsBalanceWith', { balance: money(String(balance)) })
        : t('invoices:payment.serverErrors.exceedsBalance');
    }
    case 'BILLING_PAYMENT_NOT_ACCEPTED':
      return t('invoices:payment.serverErrors.notAccepted');
    case 'BILLING_PAYMENT_IN_FUTURE':
      return t('invoices:payment.serverErrors.inFuture');
    case 'BILLING_PAYMENT_ALREADY_DELETED':
      return t('invoices:payment.serverErrors.alreadyDeleted');
    case 'BILLING_PAYMENT_NOT_FOUND':
      return t('invoices:payment.serverErrors.notFound');
    case 'BILLING_INVOICE_NOT_FOUND':
      return t('invoices:errors.BILLING_INVOICE_NOT_FOUND');
    default:
      return describeError(error, t, language);
  }
}
