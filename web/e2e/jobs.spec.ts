import { expect, test } from './fixtures';

// The jobs dashboard against the real API, Redis and worker. `test` starts logged in as the
// administrator (fixtures.ts). Failing a job for good and retrying it is covered through the
// API with a real worker in api/tests/pipeline.rs (a_job_that_fails_for_good_…).

const QUEUES = ['import', 'extract', 'document-rules', 'dossier-rules', 'callback', 'notify', 'rule-runs', 'ping'];

test('the jobs dashboard lists every queue and the failed jobs of the one chosen', async ({ page }) => {
  await page.goto('/');
  await page.getByTestId('sidebar').getByTestId('nav-jobs').click();
  await expect(page).toHaveURL('/jobs');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Code di lavoro');
  for (const queue of QUEUES) await expect(page.getByTestId(`job-queue-${queue}`)).toBeVisible();
  await expect(page.getByTestId('job-queue-extract')).toContainText('Estrazione dei documenti');

  await page.getByRole('button', { name: 'Dettagli: i job falliti di Compilazione e prove delle regole' }).click();
  const failed = page.getByTestId('failed-jobs');
  await expect(failed.getByRole('heading', { level: 2 })).toHaveText('Job falliti: Compilazione e prove delle regole');
  await expect(failed).toContainText('Nessun job fallito');
  await expect(page.getByTestId('job-queue-rule-runs')).toHaveClass(/data-table__row--selected/);
});
