import { fireEvent, render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { describe, expect, it, vi } from 'vitest';
import { createI18n } from '../lib/i18n';
import { TagListInput } from './TagListInput';

describe('TagListInput', () => {
  it.each([
    ['it', 'Rimuovi «TAN»'],
    ['en', 'Remove “TAN”'],
  ] as const)('names each remove button in %s', async (language, label) => {
    const i18n = createI18n();
    await i18n.changeLanguage(language);
    const onRemove = vi.fn();
    render(
      <I18nextProvider i18n={i18n}>
        <TagListInput values={['TAN', 'TAEG']} onRemove={onRemove} />
      </I18nextProvider>,
    );
    const button = screen.getByRole('button', { name: label });
    expect(screen.queryByRole('button', { name: 'Remove tag' })).toBeNull();
    fireEvent.click(button);
    expect(onRemove).toHaveBeenCalledWith('TAN', 0);
  });
});
