import { describe, expect, it } from 'vitest';
import { escapeHtml, html, trustedHtml } from './html.js';

describe('escapeHtml', () => {
  it('escapes the characters that open markup or end an attribute', () => {
    expect(escapeHtml(`<img src=x onerror="alert('1')">&\``)).toBe(
      '&lt;img src=x onerror=&quot;alert(&#39;1&#39;)&quot;&gt;&amp;&#96;',
    );
  });

  it('leaves Arabic, digits and ordinary punctuation alone', () => {
    expect(escapeHtml('شركة الخليج، 12,085.45 SAR (15%)')).toBe('شركة الخليج، 12,085.45 SAR (15%)');
  });

  it('escapes an ampersand once, so an escaped text shows as typed', () => {
    expect(escapeHtml('&lt;b&gt;')).toBe('&amp;lt;b&amp;gt;');
  });
});

describe('html', () => {
  it('escapes every interpolated value and keeps the literal markup', () => {
    const name = '<script>alert(1)</script>';
    expect(html`<td title="${name}">${name}</td>`.value).toBe(
      '<td title="&lt;script&gt;alert(1)&lt;/script&gt;">&lt;script&gt;alert(1)&lt;/script&gt;</td>',
    );
  });

  it('nests templates without escaping them twice, joins arrays and prints nothing for null', () => {
    const rows = ['a<b', 'c&d'].map((text) => html`<li>${text}</li>`);
    const list = html`<ul>
      ${rows}${null}${undefined}
    </ul>`;
    expect(list.value.replace(/\s+/g, '')).toBe('<ul><li>a&lt;b</li><li>c&amp;d</li></ul>');
    expect(html`<p>${3}</p>`.value).toBe('<p>3</p>');
  });

  it('passes markup through only when the code marks it as its own', () => {
    expect(html`${trustedHtml('<svg></svg>')}`.value).toBe('<svg></svg>');
    expect(html`${'<svg></svg>'}`.value).toBe('&lt;svg&gt;&lt;/svg&gt;');
  });
});
