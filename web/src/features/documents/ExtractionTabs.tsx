import { Button, ButtonGroup, InputGroup, NonIdealState, SegmentedControl, Spinner } from '@blueprintjs/core';
import { useEffect, useId, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { prettyJson } from '../../lib/format';
import { useDebouncedValue } from '../../lib/useDebouncedValue';
import { findInText, NO_FOCUS, parseWords, searchWords, unionBox, type Highlight, type PdfFocus, type Word } from './geometry';
import { LargeText } from './LargeText';

/** Most search matches drawn over the PDF. */
export const MAX_MATCH_BOXES = 2000;
export const SEARCH_DEBOUNCE_MS = 250;

function Missing() {
  const { t } = useTranslation();
  return <NonIdealState icon="document" title={t('documentDetail.notExtracted')} description={t('documentDetail.notExtractedHelp')} />;
}

/** formdata and tables: the JSON, pretty, capped, with a copy button. */
export function JsonTab({ json, label, testId }: { json: string | null | undefined; label: string; testId: string }) {
  const pretty = useMemo(() => (json == null ? null : prettyJson(json)), [json]);
  if (pretty === null) return <Missing />;
  return <LargeText text={pretty} label={label} testId={testId} />;
}

// --- textwithgeometry ---

/** Height of one word of the list, and of the list: only the rows in view are on the page. */
export const WORD_ROW_PX = 32;
const LIST_HEIGHT_PX = 420;
const OVERSCAN = 8;

interface WordListProps {
  words: readonly Word[];
  active: number;
  onActive: (index: number) => void;
  label: string;
}

/**
 * The words as a list box, virtualised (thousands of words stay fast): hovering a word or
 * reaching it with the arrow keys makes it the active one, whose box the PDF shows.
 */
export function WordList({ words, active, onActive, label }: WordListProps) {
  const { t } = useTranslation();
  const id = useId();
  const list = useRef<HTMLDivElement>(null);
  const [scrollTop, setScrollTop] = useState(0);
  const height = Math.min(LIST_HEIGHT_PX, Math.max(words.length, 1) * WORD_ROW_PX + 2);
  const first = Math.max(0, Math.floor(scrollTop / WORD_ROW_PX) - OVERSCAN);
  const last = Math.min(words.length, Math.ceil((scrollTop + height) / WORD_ROW_PX) + OVERSCAN);

  const move = (index: number) => {
    const target = Math.min(Math.max(index, 0), words.length - 1);
    if (target < 0) return;
    onActive(target);
    const element = list.current;
    if (!element) return;
    const top = target * WORD_ROW_PX;
    if (top < element.scrollTop) element.scrollTop = top;
    else if (top + WORD_ROW_PX > element.scrollTop + element.clientHeight) element.scrollTop = top + WORD_ROW_PX - element.clientHeight;
    setScrollTop(element.scrollTop);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const page = Math.max(Math.floor(height / WORD_ROW_PX) - 1, 1);
    const moves: Record<string, number> = {
      ArrowDown: active + 1,
      ArrowUp: active - 1,
      Home: 0,
      End: words.length - 1,
      PageDown: active + page,
      PageUp: active - page,
    };
    const target = moves[event.key];
    if (target === undefined) return;
    event.preventDefault();
    move(target);
  };

  const rows = [];
  for (let index = first; index < last; index++) {
    const word = words[index];
    if (word === undefined) continue;
    rows.push(
      // eslint-disable-next-line jsx-a11y/click-events-have-key-events, jsx-a11y/interactive-supports-focus -- an option of a listbox whose keyboard is handled where the focus is (aria-activedescendant)
      <div
        key={index}
        id={`${id}-${index}`}
        role="option"
        aria-selected={index === active}
        aria-posinset={index + 1}
        aria-setsize={words.length}
        className={index === active ? 'word-list__row word-list__row--active' : 'word-list__row'}
        style={{ top: index * WORD_ROW_PX, height: WORD_ROW_PX }}
        onMouseEnter={() => onActive(index)}
        onClick={() => onActive(index)}
        data-testid="word-row"
      >
        <bdi className="word-list__text" dir="ltr">
          {word.text}
        </bdi>
        <span className="word-list__where muted">
          {t('documentDetail.words.where', { page: word.page, x: Math.round(word.x0), y: Math.round(word.y0), w: Math.round(word.x1 - word.x0), h: Math.round(word.y1 - word.y0) })}
        </span>
      </div>,
    );
  }

  return (
    <div
      ref={list}
      className="word-list"
      role="listbox"
      tabIndex={0}
      aria-label={label}
      aria-activedescendant={active >= 0 && active < words.length ? `${id}-${active}` : undefined}
      style={{ height }}
      onScroll={(event) => setScrollTop(event.currentTarget.scrollTop)}
      onKeyDown={onKeyDown}
      onFocus={(event) => event.target === event.currentTarget && active < 0 && words.length > 0 && onActive(0)}
      data-testid="word-list"
    >
      <div className="word-list__spacer" style={{ height: words.length * WORD_ROW_PX }}>
        {rows}
      </div>
    </div>
  );
}

/** textwithgeometry: the words (each one's box shown on the PDF when hovered or focused), or the JSON. */
export function GeometryTab({ json, onFocus }: { json: string | null | undefined; onFocus: (focus: PdfFocus) => void }) {
  const { t } = useTranslation();
  const [view, setView] = useState<'words' | 'json'>('words');
  const [active, setActive] = useState(-1);
  const words = useMemo(() => parseWords(json), [json]);
  const pretty = useMemo(() => (view === 'json' && json != null ? prettyJson(json) : ''), [view, json]);

  useEffect(() => () => onFocus(NO_FOCUS), [onFocus]);

  useEffect(() => {
    const word = words[active];
    onFocus(word ? { highlights: [{ key: `word-${active}`, box: word, current: true }], page: word.page } : NO_FOCUS);
  }, [active, words, onFocus]);

  if (json == null) return <Missing />;
  return (
    <div className="geometry-tab">
      <div className="tab-panel__bar">
        <SegmentedControl
          aria-label={t('documentDetail.words.view')}
          options={[
            { label: t('documentDetail.words.list'), value: 'words' },
            { label: 'JSON', value: 'json' },
          ]}
          value={view}
          onValueChange={(value) => setView(value === 'json' ? 'json' : 'words')}
          size="small"
          data-testid="geometry-view"
        />
        <span className="muted text-run" data-testid="word-count">
          {t('documentDetail.words.count', { count: words.length })}
        </span>
      </div>
      {view === 'json' ? (
        <LargeText text={pretty} label={t('documentDetail.tabs.textwithgeometry')} testId="geometry-json" />
      ) : words.length === 0 ? (
        <NonIdealState icon="search-text" title={t('documentDetail.words.none')} />
      ) : (
        <>
          <p className="muted document-detail__hint">{t('documentDetail.words.hint')}</p>
          <WordList words={words} active={active} onActive={setActive} label={t('documentDetail.words.label')} />
        </>
      )}
    </div>
  );
}

// --- rawtext ---

/** rawtext: the text, with a search that marks its matches in the text and on the PDF. */
export function RawTextTab({ text, geometry, onFocus }: { text: string | null | undefined; geometry: string | null | undefined; onFocus: (focus: PdfFocus) => void }) {
  const { t } = useTranslation();
  const [query, setQuery] = useState('');
  const [current, setCurrent] = useState(0);
  const search = useDebouncedValue(query, SEARCH_DEBOUNCE_MS);
  const words = useMemo(() => parseWords(geometry), [geometry]);
  const runs = useMemo(() => searchWords(words, search), [words, search]);
  const textMatches = useMemo(() => (text ? findInText(text, search).length : 0), [text, search]);

  useEffect(() => setCurrent(0), [search]);
  useEffect(() => () => onFocus(NO_FOCUS), [onFocus]);

  useEffect(() => {
    if (runs.length === 0) {
      onFocus(NO_FOCUS);
      return;
    }
    const highlights: Highlight[] = [];
    runs.slice(0, MAX_MATCH_BOXES).forEach((run, index) => {
      const box = unionBox(run.map((i) => words[i]).filter((word): word is Word => word !== undefined));
      if (box) highlights.push({ key: `match-${index}`, box, current: index === current });
    });
    onFocus({ highlights, page: highlights[current]?.box.page ?? null });
  }, [runs, words, current, onFocus]);

  if (text == null) return <Missing />;
  const searching = search.trim() !== '';
  return (
    <div className="rawtext-tab">
      <div className="tab-panel__bar rawtext-tab__search">
        <InputGroup
          type="search"
          leftIcon="search"
          placeholder={t('documentDetail.search.placeholder')}
          aria-label={t('documentDetail.search.label')}
          value={query}
          onValueChange={setQuery}
          onKeyDown={(event) => {
            if (event.key === 'Enter' && runs.length > 0) setCurrent((current + (event.shiftKey ? runs.length - 1 : 1)) % runs.length);
          }}
          data-testid="rawtext-search"
        />
        {searching && (
          <>
            <span className="muted" aria-live="polite" data-testid="rawtext-matches">
              {t('documentDetail.search.matches', { text: textMatches, boxes: runs.length })}
            </span>
            <ButtonGroup variant="minimal">
              <Button icon="chevron-up" aria-label={t('documentDetail.search.previous')} disabled={runs.length === 0} onClick={() => setCurrent((current + runs.length - 1) % runs.length)} />
              <Button icon="chevron-down" aria-label={t('documentDetail.search.next')} disabled={runs.length === 0} onClick={() => setCurrent((current + 1) % runs.length)} data-testid="rawtext-next" />
            </ButtonGroup>
          </>
        )}
      </div>
      <LargeText text={text} label={t('documentDetail.tabs.rawtext')} highlight={search} testId="rawtext" />
    </div>
  );
}

/** Waiting for the extraction output. */
export function ExtractionLoading() {
  const { t } = useTranslation();
  return <Spinner size={24} aria-label={t('common.loading')} className="document-detail__loader" />;
}
