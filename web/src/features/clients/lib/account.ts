import { centsToString, toCents } from '../../../lib/decimal';

/** What a client's balance says: it owes money, it has money on account, or nothing either way. */
export type BalanceState = 'owed' | 'inCredit' | 'settled';

/** `balance` is every customer invoice's balance due (docs/api/invoices.md): negative is money on account. */
export function balanceStateOf(balance: string): BalanceState {
  const cents = toCents(balance);
  return cents > 0n ? 'owed' : cents < 0n ? 'inCredit' : 'settled';
}

/** An amount without its sign, as the API's 2-decimal text: "-300.00" -> "300.00". */
export function absoluteAmount(amount: string): string {
  const cents = toCents(amount);
  return centsToString(cents < 0n ? -cents : cents);
}

/** Whether a figure the server sent is above zero (an overdue balance to show in red). */
export function isPositiveAmount(amount: string): boolean {
  return toCents(amount) > 0n;
}

/**
 * How much more the client may owe before the credit limit stops its orders: limit − balance,
 * in exact cents (money on account adds to it). Negative: over the limit by that much. Null:
 * no limit.
 */
export function creditRoomOf(creditLimit: string | null, balance: string): string | null {
  if (creditLimit === null) return null;
  return centsToString(toCents(creditLimit) - toCents(balance));
}
