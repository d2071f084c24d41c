import { render, screen } from '@testing-library/react';
import { MemoryRouter, useLocation } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { useQueryFlag } from './use-query-flag';

function Probe({ allowed }: { allowed: boolean }) {
  const [open] = useQueryFlag('new', allowed);
  const location = useLocation();
  return (
    <p>
      {open ? 'open' : 'closed'} at {location.pathname + location.search}
    </p>
  );
}

function renderAt(path: string, allowed: boolean) {
  render(
    <MemoryRouter initialEntries={[path]}>
      <Probe allowed={allowed} />
    </MemoryRouter>,
  );
}

describe('useQueryFlag', () => {
  it('opens once from ?new=1 and drops the parameter, keeping the others', async () => {
    renderAt('/orders?new=1&page=2', true);
    expect(await screen.findByText('open at /orders?page=2')).toBeTruthy();
  });

  it('stays closed without the parameter', async () => {
    renderAt('/orders', true);
    expect(await screen.findByText('closed at /orders')).toBeTruthy();
  });

  it('drops the parameter but stays closed when not allowed', async () => {
    renderAt('/orders?new=1', false);
    expect(await screen.findByText('closed at /orders')).toBeTruthy();
  });
});
