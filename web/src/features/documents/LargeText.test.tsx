import { render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { describe, expect, it } from 'vitest';
import { createI18n } from '../../lib/i18n';
import { LargeText } from './LargeText';

async function show(text: string, { highlight = '', language = 'it' }: { highlight?: string; language?: 'it' | 'en' } = {}) {
  const i18n = createI18n();
  if (language !== 'it') await i18n.changeLanguage(language);
  render(
    <I18nextProvider i18n={i18n}>
      <LargeText text={text} label="Testo" highlight={highlight} testId="text" />
    </I18nextProvider>,
  );
  return screen.getByTestId('text').querySelector('pre') as HTMLElement;
}

// An extracted text as the worker writes it: each page but the last ends with "\n\f".
const TWO_PAGES = 'Totale competenze 2.594,00\n\fTrattenute 689,04\nNETTO IN BUSTA: 1.904,96 EUR\n\fProgressivi annui';

describe('a text of several pages', () => {
  it('shows where each page begins instead of an invisible form feed', async () => {
    const pre = await show(TWO_PAGES);
    const breaks = screen.getAllByRole('separator');
    expect(breaks.map((line) => line.textContent)).toEqual(['Pagina 2', 'Pagina 3']);
    expect(pre.textContent).not.toContain('\f');
    // The pages' texts stay apart: the line before a break ends before it.
    expect(pre.textContent).toBe('Totale competenze 2.594,00\nPagina 2Trattenute 689,04\nNETTO IN BUSTA: 1.904,96 EUR\nPagina 3Progressivi annui');
  });

  it('names the pages in English too, and keeps them while a search marks the text', async () => {
    await show(TWO_PAGES, { highlight: 'netto', language: 'en' });
    expect(screen.getAllByRole('separator').map((line) => line.textContent)).toEqual(['Page 2', 'Page 3']);
    expect(screen.getByText('NETTO', { selector: 'mark' })).toBeTruthy();
  });
});
