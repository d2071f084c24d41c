import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../test/render';
import { LanguageToggle } from './language-toggle';

describe('LanguageToggle', () => {
  it('switches to Arabic: rtl direction, lang ar, stored in localStorage', async () => {
    const user = userEvent.setup();
    renderWithProviders(<LanguageToggle />);
    expect(document.documentElement.dir).toBe('ltr');

    await user.click(screen.getByRole('button', { name: 'Switch to Arabic' }));

    expect(document.documentElement.dir).toBe('rtl');
    expect(document.documentElement.lang).toBe('ar');
    expect(window.localStorage.getItem('language')).toBe('ar');
    expect(screen.getByRole('button', { name: 'التبديل إلى الإنجليزية' })).toHaveProperty('textContent', 'English');
  });

  it('switches back to English: ltr, lang en, stored as en', async () => {
    const user = userEvent.setup();
    renderWithProviders(<LanguageToggle />);

    await user.click(screen.getByRole('button', { name: 'Switch to Arabic' }));
    await user.click(screen.getByRole('button', { name: 'التبديل إلى الإنجليزية' }));

    expect(document.documentElement.dir).toBe('ltr');
    expect(document.documentElement.lang).toBe('en');
    expect(window.localStorage.getItem('language')).toBe('en');
  });

  it('uses the RTL emotion cache in Arabic', async () => {
    const user = userEvent.setup();
    renderWithProviders(<LanguageToggle />);
    await user.click(screen.getByRole('button', { name: 'Switch to Arabic' }));
    expect(document.head.querySelector('style[data-emotion^="muirtl"]')).not.toBeNull();
  });
});
