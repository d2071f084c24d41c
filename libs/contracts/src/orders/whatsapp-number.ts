/**
 * A client's WhatsApp number as WhatsApp writes a sender (`from`): the digits of the number in
 * international form, without `+` or `00` (966558124403). A local number ("055 812 4403",
 * "558124403") is taken to be in `countryCode`'s country. Null when it cannot be a number.
 */
export function whatsappNumberOf(phone: string, countryCode = '966'): string | null {
  const latin = phone
    .replace(/[\u0660-\u0669]/g, (d) => String(d.charCodeAt(0) - 0x0660))
    .replace(/[\u06f0-\u06f9]/g, (d) => String(d.charCodeAt(0) - 0x06f0));
  const international = /^\s*(\+|00)/.test(latin);
  let digits = latin.replace(/\D/g, '');
  if (international) digits = latin.trim().startsWith('00') ? digits.slice(2) : digits;
  else if (digits.startsWith('0')) digits = countryCode + digits.slice(1);
  else if (digits.length <= 9) digits = countryCode + digits;
  return /^[1-9]\d{7,14}$/.test(digits) ? digits : null;
}
