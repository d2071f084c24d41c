import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../test/render';
import { TOAST_DURATION_MS, toastStore } from './toast-store';

describe('Toaster', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('shows an error toast as a destructive alert with its description', () => {
    renderWithProviders(<div />);
    act(() => {
      toastStore.show({ variant: 'error', title: 'Login failed', description: 'Invalid username or password' });
    });
    const alert = screen.getByRole('alert');
    expect(alert.className).toContain('MuiAlert-colorError');
    expect(alert.className).toContain('MuiAlert-filled');
    expect(alert.textContent).toContain('Login failed');
    expect(alert.textContent).toContain('Invalid username or password');
  });

  it('shows one toast at a time: a new toast replaces the current one', () => {
    renderWithProviders(<div />);
    act(() => {
      toastStore.show({ variant: 'error', title: 'First failure' });
      toastStore.show({ variant: 'success', title: 'Demo Request Sent' });
    });
    expect(screen.queryByText('First failure')).toBeNull();
    expect(screen.getAllByText('Demo Request Sent')).toHaveLength(1);
  });

  it('hides the toast after 5 seconds', () => {
    vi.useFakeTimers();
    renderWithProviders(<div />);
    act(() => {
      toastStore.show({ title: 'Status updated' });
    });
    act(() => {
      vi.advanceTimersByTime(TOAST_DURATION_MS - 100);
    });
    expect(toastStore.getSnapshot()?.open).toBe(true);
    act(() => {
      vi.advanceTimersByTime(200);
    });
    expect(toastStore.getSnapshot()?.open ?? false).toBe(false);
    act(() => {
      vi.advanceTimersByTime(1000);
    });
    expect(screen.queryByText('Status updated')).toBeNull();
  });

  it('offers a link, followed inside the app by a plain click, and closes', async () => {
    const user = userEvent.setup();
    const onFollow = vi.fn();
    renderWithProviders(<div />);
    act(() => {
      toastStore.show({
        variant: 'success',
        title: 'Order created',
        action: { label: 'View order', href: '/orders?order=o-1', onFollow },
      });
    });
    const link = screen.getByRole('link', { name: 'View order' });
    expect(link.getAttribute('href')).toBe('/orders?order=o-1');
    await user.click(link);
    expect(onFollow).toHaveBeenCalledTimes(1);
    expect(toastStore.getSnapshot()?.open ?? false).toBe(false);
  });

  it('closes from its close button', async () => {
    const user = userEvent.setup();
    renderWithProviders(<div />);
    act(() => {
      toastStore.show({ variant: 'error', title: 'Logout failed' });
    });
    await user.click(screen.getByRole('button', { name: 'Close' }));
    expect(toastStore.getSnapshot()?.open ?? false).toBe(false);
  });
});
