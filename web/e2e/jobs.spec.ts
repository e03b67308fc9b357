import { expectAccessible } from './a11y';
import { graphqlAs } from './api';
import { expect, test } from './fixtures';
import { dossierWithFailedCallback, failedJobsWith } from './jobs';

// The jobs dashboard against the real API, Redis and worker. `test` starts logged in as the
// administrator (fixtures.ts). Bulk retries of many jobs, pauses stopping a worker and the
// permissions are covered through the API in api/tests/jobs_dashboard.rs.

const QUEUES = ['import', 'extract', 'document-rules', 'dossier-rules', 'callback', 'notify', 'rule-runs', 'what-if', 'validation', 'ping', 'load'];

test('a failed job is listed, opened with its attempts and dossier, retried and discarded', async ({ page }) => {
  await page.goto('/');
  const { dossierId, needle, job } = await dossierWithFailedCallback(page);

  await page.getByTestId('sidebar').getByTestId('nav-jobs').click();
  await expect(page).toHaveURL('/jobs');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Code di lavoro');
  for (const queue of QUEUES) await expect(page.getByTestId(`job-queue-${queue}`)).toBeVisible();
  await expect(page.getByTestId('jobs-chart')).toBeVisible();
  await expect(page.getByTestId('job-worker').first()).toBeVisible();

  // The callback queue's failed count filters the table on that queue; the error text narrows it.
  await page.getByTestId('job-queue-callback').getByTestId('queue-failed').click();
  await expect(page).toHaveURL(/failed\.f\.queue=callback/);
  await page.getByTestId('filter-error').fill(needle);
  const row = page.getByTestId(`row-${job.id}`);
  await expect(row).toBeVisible();
  await expect(row.getByTestId('failed-job-error')).toContainText(`Il callback del dossier ${dossierId} non è riuscito`);
  await expect(page.locator('tbody tr[data-row]')).toHaveCount(1);
  await expectAccessible(page, '/jobs with a failed job');

  // The detail: the attempt and its worker, the payload, the dossier linked.
  await row.getByTestId('failed-job-open').click();
  const detail = page.getByTestId('failed-job-detail');
  await expect(detail.getByTestId('detail-history').locator('tbody tr')).toHaveCount(1);
  await expect(detail.getByTestId('detail-payload')).toContainText(dossierId);
  await expect(detail.getByTestId('detail-dossier-link')).toHaveAttribute('href', `/dossier/dettagli/${dossierId}`);

  // Retried: it runs again (and fails again, its address still refused) as a new job.
  await page.getByTestId('detail-retry').click();
  await expect(page.getByText('Job rimesso in coda')).toBeVisible();
  await expect(detail).toBeHidden();
  await expect
    .poll(async () => (await failedJobsWith(page, needle)).filter((failed) => failed.dossierId === dossierId && failed.id !== job.id).length, { timeout: 30_000 })
    .toBe(1);

  // Every filtered one discarded at once, after a confirmation that says how many.
  await page.getByTestId('table-refresh').click();
  await page.getByRole('button', { name: 'Scarta tutti i filtrati (1)' }).click();
  await expect(page.getByTestId('bulk-question')).toHaveText('Scartare il job fallito filtrato? Non verrà più eseguito.');
  await page.getByRole('button', { name: 'Scarta tutti', exact: true }).click();
  await expect(page.getByText('1 job scartato')).toBeVisible();
  await expect(page.getByTestId('table-empty')).toBeVisible();
  expect(await failedJobsWith(page, needle)).toEqual([]);
});

test('a paused queue says so until it is resumed', async ({ page }) => {
  // The load test's queue: no other test needs it, should this one stop half-way.
  await page.goto('/jobs');
  const row = page.getByTestId('job-queue-load');
  try {
    await row.getByRole('button', { name: 'Metti in pausa la coda Test di carico' }).click();
    await expect(row.getByTestId('queue-paused')).toHaveText('In pausa');
    await expect(page.getByText('Coda Test di carico in pausa: i worker non prendono nuovi job')).toBeVisible();
    const paused = await graphqlAs<{ jobQueues: { name: string; paused: boolean }[] }>(page, '{ jobQueues { name paused } }');
    expect(paused.jobQueues.find((queue) => queue.name === 'load')?.paused).toBe(true);
    await row.getByRole('button', { name: 'Riprendi la coda Test di carico' }).click();
    await expect(row.getByTestId('queue-paused')).toBeHidden();
    await expect(row.getByTestId('queue-pause')).toBeVisible();
  } finally {
    await graphqlAs(page, 'mutation { resumeQueue(queue: "load") }');
  }
});

test('the dashboard with a failed job is accessible in the dark theme', async ({ page }) => {
  await page.goto('/');
  const { job } = await dossierWithFailedCallback(page);
  await page.evaluate(() => localStorage.setItem('istruttoria.settings', JSON.stringify({ theme: 'DARK' })));
  await page.goto('/jobs');
  await expect(page.getByTestId(`row-${job.id}`)).toBeVisible();
  await expectAccessible(page, '/jobs, dark');
  // (The detail's payload is the shared code viewer, whose dark syntax colours are CodeMirror's.)
  await graphqlAs(page, 'mutation($id: ID!) { discardFailedJob(id: $id) }', { id: job.id });
});
