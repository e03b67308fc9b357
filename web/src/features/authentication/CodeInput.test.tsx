import { fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { I18nextProvider } from 'react-i18next';
import { describe, expect, it } from 'vitest';
import { createI18n } from '../../lib/i18n';
import { CodeInput } from './CodeInput';

function Harness({ initial = ['', '', '', '', '', ''] }: { initial?: string[] }) {
  const [digits, setDigits] = useState(initial);
  return (
    <I18nextProvider i18n={createI18n()}>
      <CodeInput digits={digits} onChange={setDigits} />
      <output data-testid="value">{digits.join('')}</output>
    </I18nextProvider>
  );
}

const box = (n: number) => screen.getByLabelText(`Cifra ${n} di 6`) as HTMLInputElement;
const value = () => screen.getByTestId('value').textContent;

describe('six-digit code input', () => {
  it('labels each box and groups them', () => {
    render(<Harness />);
    for (let n = 1; n <= 6; n += 1) expect(box(n).getAttribute('inputmode')).toBe('numeric');
    expect(screen.getByRole('group')).toBeTruthy();
    expect(box(1).getAttribute('autocomplete')).toBe('one-time-code');
  });

  it('takes a digit and moves to the next box', () => {
    render(<Harness />);
    box(1).focus();
    fireEvent.change(box(1), { target: { value: '4' } });
    expect(value()).toBe('4');
    expect(document.activeElement).toBe(box(2));
    fireEvent.change(box(2), { target: { value: '2' } });
    expect(value()).toBe('42');
    expect(document.activeElement).toBe(box(3));
  });

  it('refuses anything but digits', () => {
    render(<Harness />);
    box(1).focus();
    fireEvent.change(box(1), { target: { value: 'a' } });
    expect(value()).toBe('');
    expect(box(1).value).toBe('');
    expect(document.activeElement).toBe(box(1));
  });

  it('fills every box when six digits are pasted', () => {
    render(<Harness />);
    box(3).focus();
    fireEvent.paste(box(3), { clipboardData: { getData: () => ' 123-456 ' } });
    expect(value()).toBe('123456');
    expect([1, 2, 3, 4, 5, 6].map((n) => box(n).value)).toEqual(['1', '2', '3', '4', '5', '6']);
    expect(document.activeElement).toBe(box(6));
  });

  it('fills from the focused box when fewer digits are pasted', () => {
    render(<Harness />);
    fireEvent.paste(box(2), { clipboardData: { getData: () => '78' } });
    expect([1, 2, 3, 4].map((n) => box(n).value)).toEqual(['', '7', '8', '']);
    expect(document.activeElement).toBe(box(4));
  });

  it('ignores a paste without digits', () => {
    render(<Harness />);
    fireEvent.paste(box(1), { clipboardData: { getData: () => 'abc' } });
    expect(value()).toBe('');
  });

  it('on Backspace in an empty box clears the previous one and moves back', () => {
    render(<Harness initial={['1', '2', '3', '', '', '']} />);
    box(4).focus();
    fireEvent.keyDown(box(4), { key: 'Backspace' });
    expect(value()).toBe('12');
    expect(box(3).value).toBe('');
    expect(document.activeElement).toBe(box(3));
  });

  it('on Backspace in a filled box clears only that box and stays', () => {
    render(<Harness initial={['1', '2', '3', '', '', '']} />);
    box(3).focus();
    fireEvent.keyDown(box(3), { key: 'Backspace' }); // the browser then empties the box:
    fireEvent.change(box(3), { target: { value: '' } });
    expect(value()).toBe('12');
    expect(document.activeElement).toBe(box(3));
  });

  it('moves with the arrow keys', () => {
    render(<Harness />);
    box(2).focus();
    fireEvent.keyDown(box(2), { key: 'ArrowRight' });
    expect(document.activeElement).toBe(box(3));
    fireEvent.keyDown(box(3), { key: 'ArrowLeft' });
    expect(document.activeElement).toBe(box(2));
  });
});
