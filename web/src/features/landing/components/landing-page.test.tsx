import { screen, waitForElementToBeRemoved, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../../test/render';
import { LandingPage } from './landing-page';

describe('LandingPage', () => {
  it('presents the product with its sections and a login link to /auth', () => {
    renderWithProviders(<LandingPage />);
    expect(
      screen.getByRole('heading', { level: 1, name: 'Turn WhatsApp orders into confirmed sales, automatically' }),
    ).toBeTruthy();
    const sections = screen.getAllByRole('heading', { level: 2 }).map((heading) => heading.textContent);
    expect(sections).toEqual(
      expect.arrayContaining([
        'Everything your wholesale business runs on',
        'From message to invoice in four steps',
        'Why wholesalers switch to Gulf ERP',
        'Made for Gulf distribution',
        'Start your 14-day free trial today',
      ]),
    );
    const loginLinks = screen.getAllByRole('link', { name: 'Log in' });
    expect(loginLinks.length).toBeGreaterThan(0);
    for (const link of loginLinks) expect(link.getAttribute('href')).toBe('/auth');
    expect(screen.getAllByText(/No credit card required/).length).toBeGreaterThan(0);
  });

  it('opens the trial form from Start Free Trial and the demo form from Request Demo', async () => {
    const user = userEvent.setup();
    renderWithProviders(<LandingPage />);

    // Text queries: role queries over the whole page are slow in jsdom.
    const buttonWithText = (text: string) => screen.getAllByText(text)[0].closest('button') as HTMLButtonElement;
    await user.click(buttonWithText('Start Free Trial'));
    const trial = await screen.findByRole('dialog');
    expect(within(trial).getByRole('heading', { name: 'Start your free trial' })).toBeTruthy();
    await user.click(within(trial).getByRole('button', { name: 'Cancel' }));
    await waitForElementToBeRemoved(() => screen.queryByRole('dialog'));

    await user.click(buttonWithText('Request Demo'));
    expect(await screen.findByRole('heading', { name: 'Request a demo' })).toBeTruthy();
  });

  it('is fully translated in Arabic', async () => {
    window.localStorage.setItem('language', 'ar');
    const user = userEvent.setup();
    renderWithProviders(<LandingPage />);
    await user.click(screen.getByRole('button', { name: 'Switch to Arabic' }));
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('حوّل طلبات واتساب إلى مبيعات مؤكدة، تلقائياً');
    expect(screen.getAllByRole('button', { name: 'ابدأ تجربتك المجانية' }).length).toBe(2);
    expect(screen.getAllByRole('button', { name: 'طلب عرض توضيحي' }).length).toBe(2);
    expect(document.documentElement.dir).toBe('rtl');
  });
});
