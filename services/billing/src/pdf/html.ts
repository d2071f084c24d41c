/**
 * HTML built from data: every interpolated value goes through `escapeHtml` unless it is markup
 * this code made itself (`SafeHtml`, from a nested `html` template or `trustedHtml`). A name
 * such as `<img src=x onerror=…>` therefore prints as text, in element content and in
 * attribute values alike.
 */
export class SafeHtml {
  constructor(readonly value: string) {}

  toString(): string {
    return this.value;
  }
}

const entities: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
  '`': '&#96;',
};

/** The one escape function: text safe in element content and in quoted attribute values. */
export function escapeHtml(value: string): string {
  return value.replace(/[&<>"'`]/g, (character) => entities[character] ?? character);
}

/** Interpolated values this module accepts; null and undefined print nothing. */
export type HtmlValue = string | number | SafeHtml | null | undefined | ReadonlyArray<HtmlValue>;

function render(value: HtmlValue): string {
  if (value === null || value === undefined) return '';
  if (value instanceof SafeHtml) return value.value;
  if (Array.isArray(value)) return (value as ReadonlyArray<HtmlValue>).map(render).join('');
  return escapeHtml(String(value));
}

/** Tagged template: the literal parts are markup, every `${value}` is escaped (arrays joined). */
export function html(strings: TemplateStringsArray, ...values: HtmlValue[]): SafeHtml {
  let out = strings[0];
  values.forEach((value, index) => {
    out += render(value) + strings[index + 1];
  });
  return new SafeHtml(out);
}

/** Markup made by this code, never from data (the QR code's SVG, the stylesheet). */
export function trustedHtml(markup: string): SafeHtml {
  return new SafeHtml(markup);
}
