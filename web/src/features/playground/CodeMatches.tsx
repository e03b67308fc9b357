import { Fragment } from 'react';
import { useTranslation } from 'react-i18next';

export interface CodeLine {
  line: number;
  text: string;
}

/** `text` cut around every occurrence of `search` (any case): the odd parts are the hits. */
export function splitOnMatches(text: string, search: string): string[] {
  const needle = search.toLowerCase();
  if (needle === '') return [text];
  const haystack = text.toLowerCase();
  const parts: string[] = [];
  let from = 0;
  for (let at = haystack.indexOf(needle); at !== -1; at = haystack.indexOf(needle, at + needle.length)) {
    parts.push(text.slice(from, at), text.slice(at, at + needle.length));
    from = at + needle.length;
  }
  parts.push(text.slice(from));
  return parts;
}

/**
 * The lines of a rule's code holding what "Cerca codice" looks for: numbered, monospaced, the
 * hits marked. Code reads left to right whatever the page's direction.
 */
export function CodeMatches({ lines, search, description }: { lines: readonly CodeLine[]; search: string; description: string }) {
  const { t } = useTranslation();
  if (lines.length === 0) {
    return <p className="pg-matches__none">{t('playground.codeSearch.noLines')}</p>;
  }
  return (
    <figure className="pg-matches" data-testid="code-matches">
      <figcaption className="pg-matches__caption" dir="auto">
        <span className="pg-visually-hidden">{description}: </span>
        {t('playground.codeSearch.linesOf', { count: lines.length })}
      </figcaption>
      <ol className="pg-matches__lines" dir="ltr">
        {lines.map(({ line, text }) => (
          <li key={line} className="pg-matches__line" data-testid="code-match">
            <span className="pg-matches__number" aria-hidden>
              {line}
            </span>
            <span className="pg-visually-hidden">{t('playground.codeSearch.line', { line })}</span>
            <code className="pg-matches__text">
              {splitOnMatches(text, search).map((part, index) =>
                index % 2 === 1 ? <mark key={index}>{part}</mark> : <Fragment key={index}>{part}</Fragment>,
              )}
            </code>
          </li>
        ))}
      </ol>
    </figure>
  );
}
