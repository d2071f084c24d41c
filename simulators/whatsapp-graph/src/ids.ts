import { createHash, randomBytes, randomInt } from 'node:crypto';

/** Only the digits of a phone number: `+966 55 812 4403` → `966558124403` (a WhatsApp id, `wa_id`). */
export const digitsOf = (phone: string): string => phone.replace(/\D/g, '');

/**
 * A WhatsApp message id as Meta writes them: `wamid.` and the base64 of a small binary record
 * holding the chat's number and a random key (e.g. `wamid.HBgMOTY2NTU4MTI0NDAzFQIAEhgU…AA==`).
 */
export function newMessageId(phone: string): string {
  const digits = Buffer.from(digitsOf(phone).slice(0, 20), 'latin1');
  const key = Buffer.from(randomBytes(10).toString('hex').toUpperCase(), 'latin1');
  const record = Buffer.concat([
    Buffer.from([0x1c, 0x18, digits.length]),
    digits,
    Buffer.from([0x15, 0x02, 0x00, 0x12, 0x18, key.length]),
    key,
    Buffer.from([0x00]),
  ]);
  return `wamid.${record.toString('base64')}`;
}

/** A Graph object id: `length` digits, the first not 0 (media ids are 15–16 digits, phone number ids 15). */
export function newNumericId(length = 16): string {
  let id = String(randomInt(1, 10));
  while (id.length < length) id += String(randomInt(0, 10));
  return id;
}

/** Graph's `fbtrace_id`: an opaque support id such as `AbK3x9qZ_1mF7Yt0sW2eLpQ`. */
export const newTraceId = (): string => randomBytes(17).toString('base64url').slice(0, 23);

/**
 * The WhatsApp Business Account id a webhook's `entry[].id` carries, made from the phone
 * number id so that it stays the same for one number (this simulator has no separate account).
 */
export function businessAccountIdOf(phoneNumberId: string): string {
  const hash = createHash('sha256').update(`waba:${phoneNumberId}`).digest();
  let id = '1';
  for (const byte of hash) {
    if (id.length === 15) break;
    id += String(byte % 10);
  }
  return id;
}
