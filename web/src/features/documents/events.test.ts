import { describe, expect, it } from 'vitest';
import { createI18n } from '../../lib/i18n';
import { documentEventText } from './events';

const EVENTS = [
  'importato',
  'estratto: 3 pagine',
  'estratto: 2 pagine, 1 lette con OCR; pagina 2 oltre il limite di pixel',
  'regole eseguite (2)',
  'tag modificati da anna@example.com',
  'errore: il PDF ha superato i limiti di elaborazione',
  'un evento di altra forma',
];

describe('document events', () => {
  it('read the same in Italian, as the server records them (one page in the singular)', async () => {
    const i18n = createI18n();
    await i18n.changeLanguage('it');
    expect(EVENTS.map((event) => documentEventText(i18n.t, event))).toEqual(EVENTS);
    expect(documentEventText(i18n.t, 'estratto: 1 pagine')).toBe('estratto: 1 pagina');
  });

  it('are told in English, the recorded free texts kept', async () => {
    const i18n = createI18n();
    await i18n.changeLanguage('en');
    expect(EVENTS.map((event) => documentEventText(i18n.t, event))).toEqual([
      'imported',
      'extracted: 3 pages',
      'extracted: 2 pages, 1 read by OCR; page 2 oltre il limite di pixel',
      'rules run (2)',
      'tags changed by anna@example.com',
      'error: il PDF ha superato i limiti di elaborazione',
      'un evento di altra forma',
    ]);
  });

  it('say an error through the caller (the document renders its own error in the user\'s language)', async () => {
    const i18n = createI18n();
    await i18n.changeLanguage('en');
    const sayError = (error: string) => (error === 'PDF protetto da password' ? 'Password-protected PDF' : error);
    expect(documentEventText(i18n.t, 'errore: PDF protetto da password', sayError)).toBe('error: Password-protected PDF');
  });
});
