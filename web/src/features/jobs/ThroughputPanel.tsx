import { Callout, HTMLSelect } from '@blueprintjs/core';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { JobQueue, QueueThroughput } from './api';
import { sumMinutes, ThroughputChart } from './ThroughputChart';

/** The chart's choice of every queue at once. */
const ALL_QUEUES = '';

interface ThroughputPanelProps {
  throughput: readonly QueueThroughput[] | undefined;
  failed: boolean;
  queues: readonly JobQueue[] | undefined;
  queueLabel: (queue: string) => string;
}

/** The last hour's throughput, minute by minute, of one queue or of them all. */
export function ThroughputPanel({ throughput, failed, queues, queueLabel }: ThroughputPanelProps) {
  const { t } = useTranslation();
  const [chartQueue, setChartQueue] = useState(ALL_QUEUES);
  const chartMinutes = useMemo(() => {
    const hour = throughput ?? [];
    const chosen = chartQueue === ALL_QUEUES ? hour : hour.filter((queue) => queue.queue === chartQueue);
    return sumMinutes(chosen.map((queue) => queue.minutes));
  }, [throughput, chartQueue]);

  return (
    <section className="page-panel" aria-labelledby="jobs-chart-title">
      <div className="jobs__panel-head">
        <h2 className="page-panel__title" id="jobs-chart-title">
          {t('jobs.chart.title')}
        </h2>
        <HTMLSelect
          aria-label={t('jobs.chart.queue')}
          value={chartQueue}
          onChange={(event) => setChartQueue(event.currentTarget.value)}
          options={[{ value: ALL_QUEUES, label: t('jobs.chart.allQueues') }, ...(queues ?? []).map((queue) => ({ value: queue.name, label: queueLabel(queue.name) }))]}
          data-testid="chart-queue"
        />
      </div>
      {failed ? (
        <Callout intent="danger" icon="error" role="alert">
          {t('jobs.chart.loadFailed')}
        </Callout>
      ) : (
        <ThroughputChart minutes={chartMinutes} testId="jobs-chart" />
      )}
    </section>
  );
}
