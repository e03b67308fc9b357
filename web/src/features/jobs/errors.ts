import type { TFunction } from 'i18next';

/** The code of a failure the job did not explain (shared::jobs::failure::JOB_FAILED). */
export const JOB_FAILED = 'job_failed';

/** The codes the web app knows how to say; any other is said as JOB_FAILED. */
export const JOB_ERROR_CODES = ['job_failed', 'callback_failed', 'worker_crashed'] as const;

/** The causes of a failed callback (worker/src/callback.rs `Cause`). */
export const CALLBACK_CAUSES = [
  'invalid_url',
  'forbidden_address',
  'unknown_host',
  'timeout',
  'connection_failed',
  'http_status',
  'response_interrupted',
  'other',
] as const;

type Params = Record<string, unknown>;

/** The parameters of a failure (a JSON object from the server); none when unreadable. */
export function parseErrorParams(json: string | null | undefined): Params {
  try {
    const value: unknown = JSON.parse(json ?? '{}');
    return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Params) : {};
  } catch {
    return {};
  }
}

const text = (value: unknown) => (typeof value === 'string' || typeof value === 'number' ? String(value) : '');

/**
 * A failed job's error in the user's language, whole: the server sends a stable code and its
 * parameters (and the raw technical text apart, shown as "Dettagli tecnici").
 */
export function jobErrorMessage(t: TFunction, code: string | null | undefined, paramsJson: string | null | undefined): string {
  const params = parseErrorParams(paramsJson);
  switch (code) {
    case 'callback_failed': {
      const cause = CALLBACK_CAUSES.find((known) => known === params.cause) ?? 'other';
      return t('jobs.errors.callback_failed', {
        dossier: text(params.dossier),
        attempts: text(params.attempts),
        cause: t(`jobs.causes.${cause}`, { status: text(params.status) }),
      });
    }
    // The job's worker process died while running it (shared::jobs::crashes::WORKER_CRASHED).
    case 'worker_crashed':
      return t('jobs.errors.worker_crashed', { deaths: text(params.deaths) });
    default:
      return t('jobs.errors.job_failed');
  }
}
