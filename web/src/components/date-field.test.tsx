import { act, fireEvent, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { i18n } from '../lib/i18n';
import { renderWithProviders } from '../test/render';
import { DateField } from './date-field';

function Harness({ initial = '', onValue }: { initial?: string; onValue: (value: string) => void }) {
  const [value, setValue] = useState(initial);
  return (
    <>
      <DateField
        label="Expiry date"
        value={value}
        onChange={(event) => {
          setValue(event.target.value);
          onValue(event.target.value);
        }}
      />
      <button type="button" onClick={() => setValue('')}>
        Clear
      </button>
    </>
  );
}

const field = () => screen.getByRole('textbox', { name: 'Expiry date' }) as HTMLInputElement;

describe('DateField', () => {
  it('shows a day as dd/mm/yyyy and reports it as YYYY-MM-DD once whole', async () => {
    const onValue = vi.fn();
    renderWithProviders(<Harness initial="2027-12-31" onValue={onValue} />);
    expect(field().value).toBe('31/12/2027');
    const user = userEvent.setup();
    await user.clear(field());
    await user.type(field(), '5/6/2026');
    expect(onValue).toHaveBeenLastCalledWith('2026-06-05');
    await user.tab();
    expect(field().value).toBe('05/06/2026');
  });

  it('takes Arabic-Indic digits, and shows the Hijri day under the field in Arabic', async () => {
    const onValue = vi.fn();
    renderWithProviders(<Harness onValue={onValue} />);
    await act(() => i18n.changeLanguage('ar'));
    fireEvent.change(screen.getByRole('textbox'), { target: { value: '٢٨/١١/٢٠٢٦' } });
    expect(onValue).toHaveBeenLastCalledWith('2026-11-28');
    expect(screen.getByText('١٨ جمادى الآخرة ١٤٤٨ هـ')).toBeTruthy();
  });

  it('says how to write a date once the field is left with something that is not one, and keeps the text', async () => {
    const onValue = vi.fn();
    renderWithProviders(<Harness onValue={onValue} />);
    const user = userEvent.setup();
    await user.type(field(), '31/02/2027');
    expect(onValue).toHaveBeenLastCalledWith('31/02/2027');
    expect(field().getAttribute('aria-invalid')).toBe('false');
    await user.tab();
    expect(field().getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText('Write the date as day/month/year, e.g. 31/12/2027')).toBeTruthy();
    expect(field().value).toBe('31/02/2027');
  });

  it('empties when its value is cleared from outside', async () => {
    renderWithProviders(<Harness initial="2027-01-15" onValue={vi.fn()} />);
    await userEvent.setup().click(screen.getByRole('button', { name: 'Clear' }));
    expect(field().value).toBe('');
  });
});
