import { act, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mockMatchMedia, renderWithProviders } from '../../../test/render';
import { StatsSection } from './stats-section';

const values = () => screen.getAllByTestId('stat-value').map((element) => element.textContent);

describe('landing stat counters', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['requestAnimationFrame', 'cancelAnimationFrame', 'performance', 'Date'] });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('count from 0 to 90% and 100% over 2 seconds', () => {
    renderWithProviders(<StatsSection />);
    expect(values()).toEqual(['0%', '0%']);

    act(() => {
      vi.advanceTimersByTime(1000);
    });
    const [timeSaved, accuracy] = values().map((text) => Number.parseInt(text ?? '', 10));
    expect(timeSaved).toBeGreaterThan(0);
    expect(timeSaved).toBeLessThan(90);
    expect(accuracy).toBeGreaterThan(0);
    expect(accuracy).toBeLessThan(100);

    act(() => {
      vi.advanceTimersByTime(1100);
    });
    expect(values()).toEqual(['90%', '100%']);
    expect(screen.getByText('time saved on order entry')).toBeTruthy();
    expect(screen.getByText('accuracy on confirmed orders')).toBeTruthy();
    expect(screen.getByText('24/7')).toBeTruthy();
  });

  it('stay at their final values once done', () => {
    renderWithProviders(<StatsSection />);
    act(() => {
      vi.advanceTimersByTime(5000);
    });
    expect(values()).toEqual(['90%', '100%']);
  });

  it('show the final values at once when reduced motion is requested', () => {
    mockMatchMedia((query) => query === '(prefers-reduced-motion: reduce)');
    renderWithProviders(<StatsSection />);
    expect(values()).toEqual(['90%', '100%']);
  });
});
