import { Button } from '@blueprintjs/core';
import { useMemo, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '../../lib/toast';
import { findInText } from './geometry';

/** What is shown before "Mostra tutto": at most this many lines and characters. */
export const TEXT_CAP_LINES = 400;
export const TEXT_CAP_CHARS = 40_000;
/** Most matches marked in the text (the rest stay plain, the count says how many there are). */
const MAX_MARKS = 2000;

/** The first lines of `text` within the caps, or the whole text when it fits. */
export function capText(text: string, lines = TEXT_CAP_LINES, chars = TEXT_CAP_CHARS): { shown: string; capped: boolean } {
  let end = Math.min(text.length, chars);
  let newlines = 0;
  for (let i = 0; i < end; i++) {
    if (text.charCodeAt(i) === 10 && ++newlines >= lines) {
      end = i;
      break;
    }
  }
  return end >= text.length ? { shown: text, capped: false } : { shown: text.slice(0, end), capped: true };
}

const countLines = (text: string) => {
  let lines = 1;
  for (let i = 0; i < text.length; i++) if (text.charCodeAt(i) === 10) lines++;
  return lines;
};

/** `text` with the occurrences of `query` in <mark>, the `current`-th one marked as such. */
function marked(text: string, query: string, current: number): ReactNode {
  const positions = findInText(text, query, MAX_MARKS);
  if (positions.length === 0) return text;
  const length = query.trim().length;
  const parts: ReactNode[] = [];
  let from = 0;
  positions.forEach((at, index) => {
    parts.push(text.slice(from, at));
    parts.push(
      <mark key={at} className={index === current ? 'large-text__mark large-text__mark--current' : 'large-text__mark'} data-current={index === current || undefined}>
        {text.slice(at, at + length)}
      </mark>,
    );
    from = at + length;
  });
  parts.push(text.slice(from));
  return parts;
}

/** The form feed that ends a page in an extracted text (after the page's last line break). */
const PAGE_BREAK = '\f';

/**
 * `parts` (texts and marks) with each form feed of their texts replaced by a visible line that
 * names the page it begins: a form feed is invisible in the browser, and the pages would seem
 * glued together.
 */
function withPageBreaks(parts: ReactNode[], label: (page: number) => string): ReactNode[] {
  let page = 1;
  return parts.flatMap((part, index) => {
    if (typeof part !== 'string' || !part.includes(PAGE_BREAK)) return [part];
    return part.split(PAGE_BREAK).flatMap((piece, at) => {
      if (at === 0) return [piece];
      page += 1;
      return [
        <span key={`page-${index}-${at}`} className="large-text__page-break" role="separator" aria-label={label(page)} data-testid="page-break">
          {label(page)}
        </span>,
        piece,
      ];
    });
  });
}

interface LargeTextProps {
  text: string;
  /** Names the text for the copy button ("Copia …"). */
  label: string;
  /** Occurrences to mark (rawtext's search). */
  highlight?: string;
  /** Which occurrence is the current one. */
  current?: number;
  testId?: string;
}

/**
 * A text that may be megabytes long, in a scrolling <pre> with a copy button: only its first
 * {@link TEXT_CAP_LINES} lines are put on the page until "Mostra tutto" is pressed, so a long
 * document cannot freeze the page.
 */
export function LargeText({ text, label, highlight = '', current = -1, testId }: LargeTextProps) {
  const { t } = useTranslation();
  const [all, setAll] = useState(false);
  const { shown, capped } = useMemo(() => (all ? { shown: text, capped: false } : capText(text)), [all, text]);
  const lines = useMemo(() => (capped ? { shown: countLines(shown), total: countLines(text) } : null), [capped, shown, text]);
  const content = useMemo(() => {
    const parts = highlight.trim() === '' ? shown : marked(shown, highlight, current);
    return withPageBreaks(Array.isArray(parts) ? parts : [parts], (page) => t('documentDetail.pageBreak', { page }));
  }, [shown, highlight, current, t]);

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(text);
      void toast.success(t('documentDetail.copied'));
    } catch {
      void toast.error(t('documentDetail.copyFailed'));
    }
  };

  return (
    <div className="large-text" data-testid={testId}>
      <div className="large-text__toolbar">
        <Button icon="duplicate" variant="minimal" size="small" text={t('documentDetail.copy')} aria-label={t('documentDetail.copyLabel', { what: label })} onClick={() => void copy()} data-testid="copy-text" />
      </div>
      <pre className="large-text__pre" tabIndex={0} aria-label={label}>
        {content}
      </pre>
      {lines && (
        <div className="large-text__more">
          <span className="muted">{t('documentDetail.capped', lines)}</span>
          <Button icon="expand-all" text={t('documentDetail.showAll')} onClick={() => setAll(true)} data-testid="show-all" />
        </div>
      )}
    </div>
  );
}
