import { render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { describe, expect, it } from 'vitest';
import { createI18n } from '../../lib/i18n';
import CodeDiff from './CodeDiff';

const lines = (count: number, last: string) => [...Array.from({ length: count }, (_, n) => `riga ${n + 1}`), last].join('\n');

async function renderIn(language: 'it' | 'en', layout: 'split' | 'unified') {
  const i18n = createI18n();
  await i18n.changeLanguage(language);
  return render(
    <I18nextProvider i18n={i18n}>
      <CodeDiff a={lines(20, 'fine')} b={lines(20, 'fine cambiata')} language="javascript" labelA="a" labelB="b" layout={layout} testId="diff" />
    </I18nextProvider>,
  );
}

describe('CodeDiff', () => {
  it("says how many unchanged lines it folds in the user's language", async () => {
    const italian = await renderIn('it', 'split');
    expect((await screen.findByTestId('diff')).textContent).toContain('17 righe invariate');
    italian.unmount();
    await renderIn('en', 'unified');
    expect((await screen.findByTestId('diff')).textContent).toContain('17 unchanged lines');
  });
});
