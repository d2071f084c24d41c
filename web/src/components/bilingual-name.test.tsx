import { act, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { i18n } from '../lib/i18n';
import { renderWithProviders } from '../test/render';
import { BilingualName } from './bilingual-name';

const names = { name: 'Almarai Milk (1L)', nameAr: 'حليب المراعي (1 لتر)', detail: 'MILK-ALM-1L' };

/** The texts in the order they are shown. */
const shown = (container: HTMLElement) => [...container.querySelectorAll('bdi')].map((bdi) => bdi.textContent);

describe('BilingualName', () => {
  it('shows the English name first in English, then the Arabic one and the detail', () => {
    const { container } = renderWithProviders(<BilingualName {...names} />);
    expect(shown(container)).toEqual(['Almarai Milk (1L)', 'حليب المراعي (1 لتر)', 'MILK-ALM-1L']);
  });

  it('shows the Arabic name first in Arabic', async () => {
    const { container } = renderWithProviders(<BilingualName {...names} />);
    await act(() => i18n.changeLanguage('ar'));
    expect(shown(container)).toEqual(['حليب المراعي (1 لتر)', 'Almarai Milk (1L)', 'MILK-ALM-1L']);
  });

  it('isolates each text in its own direction, so a bracket stays with its own words in either language', async () => {
    renderWithProviders(<BilingualName {...names} />);
    await act(() => i18n.changeLanguage('ar'));
    for (const text of Object.values(names)) expect(screen.getByText(text).tagName).toBe('BDI');
  });

  it('shows only the name when there is no Arabic name or detail', async () => {
    const { container } = renderWithProviders(<BilingualName name="Cardamom" nameAr={null} />);
    await act(() => i18n.changeLanguage('ar'));
    expect(shown(container)).toEqual(['Cardamom']);
  });
});
