import { Button, ButtonGroup, NonIdealState, Spinner } from '@blueprintjs/core';
import workerUrl from 'pdfjs-dist/build/pdf.worker.min.mjs?url';
import { useEffect, useLayoutEffect, useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Document, Page, pdfjs } from 'react-pdf';
import { ltr } from '../../lib/format';
import { wordToPixels, type PageSize, type PdfFocus } from './geometry';

// Set here, in the module that renders react-pdf (its README: elsewhere it may be overwritten).
pdfjs.GlobalWorkerOptions.workerSrc = workerUrl;

/** Zoom steps, relative to the page fitting the viewer's width. */
export const ZOOMS = [0.5, 0.75, 1, 1.25, 1.5, 2, 2.5, 3] as const;
const FIT = ZOOMS.indexOf(1);
/** Room left around the page inside the scrolling area. */
const GUTTER = 16;

interface PdfViewerProps {
  /** The PDF as a data URL. */
  file: string;
  focus: PdfFocus;
}

/**
 * The PDF of the document (pdf.js through react-pdf, in its own chunk): one page at a time in an
 * area 650 px high that scrolls inside, with page navigation and zoom, and boxes drawn over the
 * page where the extraction found the words asked for ({@link PdfFocus}).
 */
export default function PdfViewer({ file, focus }: PdfViewerProps) {
  const { t } = useTranslation();
  const scroller = useRef<HTMLDivElement>(null);
  const [available, setAvailable] = useState(0);
  const [pages, setPages] = useState(0);
  const [pageNumber, setPageNumber] = useState(1);
  const [pageInput, setPageInput] = useState('1');
  const [zoom, setZoom] = useState(FIT);
  const [size, setSize] = useState<PageSize | null>(null);
  const [rendered, setRendered] = useState(0);

  // The page fits the area's width at 100 %.
  useLayoutEffect(() => {
    const element = scroller.current;
    if (!element) return;
    const measure = () => setAvailable(Math.max(element.clientWidth - GUTTER * 2, 120));
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, []);

  const width = Math.round(available * (ZOOMS[zoom] ?? 1));

  const goTo = (page: number) => {
    const next = Math.min(Math.max(page, 1), Math.max(pages, 1));
    setPageNumber(next);
    setPageInput(String(next));
  };

  // Turn to the page of the box in focus.
  useEffect(() => {
    if (focus.page !== null && pages > 0 && focus.page <= pages) {
      setPageNumber(focus.page);
      setPageInput(String(focus.page));
    }
  }, [focus, pages]);

  const onPage = focus.highlights.filter((highlight) => highlight.box.page === pageNumber);
  const current = onPage.find((highlight) => highlight.current);

  // Bring the current box into view once its page is drawn.
  useEffect(() => {
    const element = scroller.current;
    if (!element || !current || !size || rendered !== pageNumber) return;
    const box = wordToPixels(current.box, size, width);
    const top = box.top + GUTTER - element.clientHeight / 2 + box.height / 2;
    const left = box.left + GUTTER - element.clientWidth / 2 + box.width / 2;
    element.scrollTo({ top: Math.max(top, 0), left: Math.max(left, 0) });
  }, [current, size, rendered, pageNumber, width]);

  const commitPageInput = () => {
    const value = Number(pageInput);
    if (Number.isInteger(value)) goTo(value);
    else setPageInput(String(pageNumber));
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.target !== event.currentTarget) return;
    const element = event.currentTarget;
    const atTop = element.scrollTop <= 0;
    const atBottom = element.scrollTop + element.clientHeight >= element.scrollHeight - 1;
    if (event.key === 'PageDown' && atBottom && pageNumber < pages) {
      event.preventDefault();
      goTo(pageNumber + 1);
      element.scrollTo({ top: 0 });
    } else if (event.key === 'PageUp' && atTop && pageNumber > 1) {
      event.preventDefault();
      goTo(pageNumber - 1);
    } else if (event.key === '+' || event.key === '=') {
      event.preventDefault();
      setZoom((z) => Math.min(z + 1, ZOOMS.length - 1));
    } else if (event.key === '-') {
      event.preventDefault();
      setZoom((z) => Math.max(z - 1, 0));
    }
  };

  return (
    <div className="pdf-viewer" data-testid="pdf-viewer">
      <div className="pdf-viewer__toolbar" role="toolbar" aria-label={t('documentDetail.pdf.toolbar')}>
        <ButtonGroup variant="minimal">
          <Button icon="chevron-left" aria-label={t('documentDetail.pdf.previous')} disabled={pageNumber <= 1} onClick={() => goTo(pageNumber - 1)} data-testid="pdf-previous" />
          <label className="pdf-viewer__page-field">
            <span className="visually-hidden">{t('documentDetail.pdf.page')}</span>
            <input
              className="bp6-input pdf-viewer__page-input"
              inputMode="numeric"
              value={pageInput}
              onChange={(event) => setPageInput(event.currentTarget.value)}
              onBlur={commitPageInput}
              onKeyDown={(event) => event.key === 'Enter' && commitPageInput()}
              data-testid="pdf-page"
            />
          </label>
          <span className="pdf-viewer__pages" data-testid="pdf-pages">
            {t('documentDetail.pdf.of', { pages: pages || '–' })}
          </span>
          <Button icon="chevron-right" aria-label={t('documentDetail.pdf.next')} disabled={pageNumber >= pages} onClick={() => goTo(pageNumber + 1)} data-testid="pdf-next" />
        </ButtonGroup>
        <ButtonGroup variant="minimal">
          <Button icon="zoom-out" aria-label={t('documentDetail.pdf.zoomOut')} disabled={zoom === 0} onClick={() => setZoom(zoom - 1)} data-testid="pdf-zoom-out" />
          <span className="pdf-viewer__zoom" data-testid="pdf-zoom" aria-live="polite">
            {ltr(`${Math.round((ZOOMS[zoom] ?? 1) * 100)} %`)}
          </span>
          <Button icon="zoom-in" aria-label={t('documentDetail.pdf.zoomIn')} disabled={zoom === ZOOMS.length - 1} onClick={() => setZoom(zoom + 1)} data-testid="pdf-zoom-in" />
          <Button icon="zoom-to-fit" aria-label={t('documentDetail.pdf.fitWidth')} disabled={zoom === FIT} onClick={() => setZoom(FIT)} />
        </ButtonGroup>
      </div>
      {/* eslint-disable-next-line jsx-a11y/no-noninteractive-element-interactions -- the focusable page area scrolls and pages with the keyboard */}
      <div ref={scroller} className="pdf-viewer__scroll" tabIndex={0} role="region" aria-label={t('documentDetail.pdf.area')} onKeyDown={onKeyDown}>
        <Document
          file={file}
          suspense={false}
          onLoadSuccess={(pdf) => {
            setPages(pdf.numPages);
            goTo(Math.min(pageNumber, pdf.numPages));
          }}
          loading={<Spinner size={32} aria-label={t('common.loading')} className="pdf-viewer__loader" />}
          error={<NonIdealState icon="document" title={t('documentDetail.pdf.error')} />}
          className="pdf-viewer__document"
        >
          {available > 0 && (
            <div className="pdf-viewer__page" style={{ width }}>
              <Page
                pageNumber={pageNumber}
                width={width}
                suspense={false}
                renderTextLayer={false}
                renderAnnotationLayer={false}
                loading={<Spinner size={24} aria-label={t('common.loading')} className="pdf-viewer__loader" />}
                onLoadSuccess={(page) => setSize({ width: page.originalWidth, height: page.originalHeight })}
                onRenderSuccess={() => setRendered(pageNumber)}
              />
              {size && onPage.length > 0 && (
                <div className="pdf-viewer__overlay" aria-hidden data-testid="pdf-overlay">
                  {onPage.map((highlight) => {
                    const box = wordToPixels(highlight.box, size, width);
                    return (
                      <span
                        key={highlight.key}
                        className={highlight.current ? 'pdf-viewer__box pdf-viewer__box--current' : 'pdf-viewer__box'}
                        style={{ left: box.left, top: box.top, width: box.width, height: box.height }}
                        data-testid="pdf-highlight"
                        data-current={highlight.current || undefined}
                      />
                    );
                  })}
                </div>
              )}
            </div>
          )}
        </Document>
      </div>
    </div>
  );
}
