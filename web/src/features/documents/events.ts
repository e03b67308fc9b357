import type { TFunction } from 'i18next';

/**
 * A document event as the server records it — in Italian, the operations spec's words:
 * "importato", "estratto: 3 pagine, 1 lette con OCR; pagina 2 …", "regole eseguite (2)",
 * "tag modificati da …", "errore: …" — told in the user's language. An error is said by
 * `sayError` (the document's own error is stored with its message: the caller renders it); the
 * other free texts inside (an unread page's reason, who) stay as recorded; an event of another
 * form is shown as it is.
 */
export function documentEventText(t: TFunction, event: string, sayError: (error: string) => string = (error) => error): string {
  if (event === 'importato') return t('documentDetail.events.imported');
  const extracted = /^estratto: (\d+) pagine(?:, (\d+) lette con OCR)?((?:; pagina \d+ [^;]*)*)$/.exec(event);
  if (extracted) {
    const [, pages = '0', ocr, unread = ''] = extracted;
    const unreadPages = [...unread.matchAll(/; pagina (\d+) ([^;]*)/g)].map(([, page, reason]) => t('documentDetail.events.unreadPage', { page, reason }));
    return [t('documentDetail.events.extracted', { count: Number(pages) }), ocr ? t('documentDetail.events.ocr', { count: Number(ocr) }) : '', ...unreadPages].join('');
  }
  const rules = /^regole eseguite \((\d+)\)$/.exec(event);
  if (rules) return t('documentDetail.events.rulesRun', { count: Number(rules[1]) });
  const tags = /^tag modificati da (.+)$/.exec(event);
  if (tags) return t('documentDetail.events.tagsChangedBy', { who: tags[1] });
  const error = /^errore: ([\s\S]*)$/.exec(event);
  if (error) return t('documentDetail.events.error', { error: sayError(error[1] ?? '') });
  return event;
}
