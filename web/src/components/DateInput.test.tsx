import { fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { I18nextProvider } from 'react-i18next';
import { describe, expect, it, vi } from 'vitest';
import { createI18n } from '../lib/i18n';
import { DateInput } from './DateInput';

/** A DateInput holding its value as a form would; `changes` sees every value it hands over. */
function Field({ initial = '', changes, min, max }: { initial?: string; changes: (value: string) => void; min?: string; max?: string }) {
  const [value, setValue] = useState(initial);
  return (
    <>
      <DateInput
        label="Dal"
        value={value}
        min={min}
        max={max}
        onChange={(next) => {
          changes(next);
          setValue(next);
        }}
        testId="day"
      />
      <output data-testid="value">{value}</output>
    </>
  );
}

async function renderField(language: 'it' | 'en', props: Omit<Parameters<typeof Field>[0], 'changes'> = {}) {
  const i18n = createI18n();
  await i18n.changeLanguage(language);
  const changes = vi.fn<(value: string) => void>();
  render(
    <I18nextProvider i18n={i18n}>
      <Field {...props} changes={changes} />
    </I18nextProvider>,
  );
  return { changes, input: screen.getByTestId('day') as HTMLInputElement, i18n };
}

const type = (input: HTMLElement, value: string) => fireEvent.change(input, { target: { value } });

describe('DateInput', () => {
  it('shows and accepts dd/mm/yyyy in Italian, and hands over the ISO date', async () => {
    const { input, changes } = await renderField('it', { initial: '2026-11-05' });
    expect(input.type).toBe('text'); // not the browser's date field, which follows the browser's locale
    expect(input.value).toBe('05/11/2026');
    expect(input.placeholder).toBe('gg/mm/aaaa');
    expect(screen.getByLabelText('Dal')).toBe(input);

    type(input, '01/02/2026');
    expect(changes).toHaveBeenLastCalledWith('2026-02-01');
    expect(screen.getByTestId('value').textContent).toBe('2026-02-01');
    expect(input.value).toBe('01/02/2026');
  });

  it('takes a loose date and shows it in full on leaving the field', async () => {
    const { input, changes } = await renderField('it');
    type(input, '3.4.2026');
    expect(changes).toHaveBeenLastCalledWith('2026-04-03'); // the 3rd of April, never the 4th of March
    fireEvent.blur(input);
    expect(input.value).toBe('03/04/2026');
    type(input, '');
    expect(changes).toHaveBeenLastCalledWith('');
  });

  it('says under the field, in Italian, when the text is not a date, and keeps the last date', async () => {
    const { input, changes } = await renderField('it', { initial: '2026-11-05' });
    type(input, '31/04/2026');
    expect(screen.queryByTestId('day-error')).toBeNull(); // not while typing
    fireEvent.blur(input);
    expect(screen.getByTestId('day-error').textContent).toBe('Data non valida: usa il formato gg/mm/aaaa');
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(input.getAttribute('aria-describedby')).toContain(screen.getByTestId('day-error').id);
    expect(changes).not.toHaveBeenCalled();
    expect(screen.getByTestId('value').textContent).toBe('2026-11-05');
    type(input, '30/04/2026');
    expect(screen.queryByTestId('day-error')).toBeNull();
    expect(changes).toHaveBeenLastCalledWith('2026-04-30');
  });

  it('refuses a date outside min and max', async () => {
    const { input, changes } = await renderField('it', { min: '2026-11-01' });
    type(input, '31/10/2026');
    fireEvent.blur(input);
    expect(screen.getByTestId('day-error').textContent).toBe('La data non può precedere il 01/11/2026');
    expect(changes).not.toHaveBeenCalled();
  });

  it('moves the date by a day with the arrow keys, starting from today when empty', async () => {
    const { input, changes } = await renderField('it', { initial: '2026-12-31' });
    fireEvent.keyDown(input, { key: 'ArrowUp' });
    expect(input.value).toBe('01/01/2027');
    expect(changes).toHaveBeenLastCalledWith('2027-01-01');
    fireEvent.keyDown(input, { key: 'ArrowDown' });
    fireEvent.keyDown(input, { key: 'ArrowDown' });
    expect(changes).toHaveBeenLastCalledWith('2026-12-30');
  });

  it('speaks English in English, with the same day-first order as the dates the app shows', async () => {
    const { input, changes } = await renderField('en', { initial: '2026-11-05' });
    expect(input.value).toBe('05/11/2026');
    expect(input.placeholder).toBe('dd/mm/yyyy');
    type(input, 'yesterday');
    fireEvent.blur(input);
    expect(screen.getByTestId('day-error').textContent).toBe('Invalid date: use the format dd/mm/yyyy');
    expect(changes).not.toHaveBeenCalled();
  });
});
