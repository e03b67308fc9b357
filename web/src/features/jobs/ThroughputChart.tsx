import { useTranslation } from 'react-i18next';
import type { ThroughputMinute } from './api';

/** The series of the chart, stacked from the bottom. */
const SERIES = ['succeeded', 'retried', 'failed'] as const;
type Series = (typeof SERIES)[number];

/** One minute's counts (the minute's start as an RFC 3339 date-time). */
export type MinuteCounts = Pick<ThroughputMinute, 'at' | Series>;

const WIDTH = 600;
const HEIGHT = 140;
const GAP = 2;

/** The minutes of several queues added up, minute by minute (the lists share their minutes). */
export function sumMinutes(queues: readonly (readonly MinuteCounts[])[]): MinuteCounts[] {
  const [first] = queues;
  if (first === undefined) return [];
  return first.map((minute, index) => {
    const total: MinuteCounts = { at: minute.at, succeeded: 0, retried: 0, failed: 0 };
    for (const minutes of queues) {
      const same = minutes[index];
      if (same === undefined) continue;
      for (const series of SERIES) total[series] += same[series];
    }
    return total;
  });
}

const timeOf = (at: string, language: string) =>
  new Date(at).toLocaleTimeString(language === 'en' ? 'en-GB' : 'it-IT', { hour: '2-digit', minute: '2-digit' });

/**
 * The last hour as stacked bars, one per minute: succeeded, retried and failed jobs. Our own SVG
 * (no chart library): each bar says its minute and counts on hover; the totals are written out in
 * the legend, which is also what a screen reader hears.
 */
export function ThroughputChart({ minutes, testId }: { minutes: readonly MinuteCounts[]; testId?: string }) {
  const { t, i18n } = useTranslation();
  const number = new Intl.NumberFormat(i18n.language).format;
  const totals = Object.fromEntries(SERIES.map((series) => [series, minutes.reduce((sum, minute) => sum + minute[series], 0)])) as Record<Series, number>;
  const peak = Math.max(1, ...minutes.map((minute) => minute.succeeded + minute.retried + minute.failed));
  const slot = WIDTH / Math.max(minutes.length, 1);
  const summary = t('jobs.chart.summary', {
    succeeded: number(totals.succeeded),
    retried: number(totals.retried),
    failed: number(totals.failed),
  });
  const first = minutes[0];
  const last = minutes[minutes.length - 1];
  return (
    <figure className="jobs-chart" data-testid={testId}>
      <figcaption className="jobs-chart__legend">
        {SERIES.map((series) => (
          <span key={series} className="jobs-chart__key" dir="auto" data-testid={`chart-total-${series}`}>
            <span className={`jobs-chart__swatch jobs-chart__swatch--${series}`} aria-hidden />
            {t(`jobs.chart.${series}`)}: <strong>{number(totals[series])}</strong>
          </span>
        ))}
        <span className="jobs-chart__peak" dir="auto">{t('jobs.chart.peak', { count: peak, value: number(peak) })}</span>
      </figcaption>
      {/* Time runs left to right whatever the writing direction: the chart is data. */}
      <div className="jobs-chart__plot" dir="ltr">
        <svg viewBox={`0 0 ${WIDTH} ${HEIGHT}`} preserveAspectRatio="none" role="img" aria-label={summary} className="jobs-chart__svg">
          <line x1={0} x2={WIDTH} y1={HEIGHT / 2} y2={HEIGHT / 2} className="jobs-chart__grid" />
          <line x1={0} x2={WIDTH} y1={HEIGHT - 0.5} y2={HEIGHT - 0.5} className="jobs-chart__axis" />
          {minutes.map((minute, index) => {
            let bottom = HEIGHT;
            const title = t('jobs.chart.minute', {
              time: timeOf(minute.at, i18n.language),
              succeeded: number(minute.succeeded),
              retried: number(minute.retried),
              failed: number(minute.failed),
            });
            return (
              <g key={minute.at}>
                <title>{title}</title>
                {/* The whole slot answers the hover, even for an empty minute. */}
                <rect x={index * slot} y={0} width={slot} height={HEIGHT} className="jobs-chart__hit" />
                {SERIES.map((series) => {
                  const height = (minute[series] / peak) * (HEIGHT - 4);
                  if (height <= 0) return null;
                  bottom -= height;
                  return (
                    <rect
                      key={series}
                      x={index * slot + GAP / 2}
                      y={bottom}
                      width={Math.max(slot - GAP, 1)}
                      height={height}
                      className={`jobs-chart__bar jobs-chart__bar--${series}`}
                    />
                  );
                })}
              </g>
            );
          })}
        </svg>
        <div className="jobs-chart__times" aria-hidden>
          <span>{first ? timeOf(first.at, i18n.language) : ''}</span>
          <span>{t('jobs.chart.now')}</span>
        </div>
      </div>
      {last === undefined && <p className="muted">{t('jobs.chart.empty')}</p>}
    </figure>
  );
}
