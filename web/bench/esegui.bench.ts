import type { Page } from '@playwright/test';
import { mkdirSync, writeFileSync } from 'node:fs';
import { graphqlAs } from '../e2e/api';
import { typeInEditor } from '../e2e/editor';
import { expect, test } from '../e2e/fixtures';
import { createCatalogue, importContracts, waitForDossier } from '../e2e/operations';

// Esegui end to end (issue 11's target: ≤ 150 ms p50 from the click to the result shown, the
// rule's compile included when the code changed), in the real browser against a running stack:
//
//   E2E_BASE_URL=http://127.0.0.1:8080 E2E_ADMIN_EMAIL=… E2E_ADMIN_PASSWORD=… just bench-esegui
//
// Every round changes the code (a new constant), so the worker compiles it before running it, and
// the editor's live syntax check is let finish first (an author reads it before clicking). The
// time runs from the click on Esegui (a capturing listener in the page) to the moment the result
// shows the round's constant (a MutationObserver): what the author waits, with the GraphQL
// request's own time beside it (Resource Timing). Rounds: BENCH_ROUNDS (default 30), the first
// discarded as warm-up. Prints p50/p90/max and writes test-results/bench-esegui.json.

test.setTimeout(600_000);

/** A realistic rule: the load test's regular expressions over the contract text, and metas. */
const rule = (round: number) => `export default function ({ rawText, tables }) {
  const amount = rawText.match(/Importo:\\s*(\\d+)/);
  const taxCode = rawText.match(/Codice fiscale:\\s*([A-Z]{6}\\d{2}[A-Z]\\d{2}[A-Z]\\d{3}[A-Z])/);
  const dates = [...rawText.matchAll(/(\\d{2})\\/(\\d{2})\\/(\\d{4})/g)].map((m) => m[3] + "-" + m[2] + "-" + m[1]);
  const clauses = (rawText.match(/Articolo \\d+/g) || []).length;
  return {
    success: amount !== null,
    metas: { importo: amount ? Number(amount[1]) : null, round: ${round} },
    codiceFiscale: taxCode ? taxCode[1] : null,
    date: dates,
    clausole: clauses,
    tabelle: tables.length,
  };
}
`;

const percentile = (sorted: number[], q: number) => sorted[Math.max(0, Math.ceil(sorted.length * q) - 1)] ?? NaN;

async function clickToResult(page: Page, round: number): Promise<{ total: number; request: number }> {
  await page.evaluate((marker) => {
    const w = window as unknown as { __bench: Promise<{ total: number; request: number }> };
    w.__bench = new Promise((resolve, reject) => {
      setTimeout(() => reject(new Error(`no result showing ${marker} within 30 s: ${document.querySelector('[data-testid="run-json"]')?.textContent ?? 'no result'}`)), 30_000);
      let clicked = 0;
      // On the document, capturing: the button's node may be re-rendered before the click.
      document.addEventListener(
        'click',
        (event) => {
          if (!clicked && (event.target as Element | null)?.closest('[data-testid="rule-run"]')) clicked = performance.now();
        },
        { capture: true },
      );
      const done = () => {
        const total = performance.now() - clicked;
        const requests = performance.getEntriesByType('resource').filter((e) => e.name.endsWith('/graphql') && e.startTime >= clicked) as PerformanceResourceTiming[];
        const request = requests.reduce((longest, e) => Math.max(longest, e.responseEnd - e.startTime), 0);
        resolve({ total, request });
      };
      const observer = new MutationObserver(() => {
        if (clicked && document.querySelector('[data-testid="run-json"]')?.textContent?.includes(marker)) {
          observer.disconnect();
          done();
        }
      });
      observer.observe(document.body, { subtree: true, childList: true, characterData: true });
    });
  }, `"round": ${round}`);
  await page.getByTestId('rule-run').click();
  return page.evaluate(() => (window as unknown as { __bench: Promise<{ total: number; request: number }> }).__bench);
}

test('Esegui: click to result, the code changed every round', async ({ page }) => {
  const rounds = Number(process.env.BENCH_ROUNDS ?? 30);
  await page.goto('/');
  const catalogue = await createCatalogue(page);
  const dossierId = await importContracts(page, catalogue, [1500]);
  await waitForDossier(page, dossierId, 'processed');
  const { documentsByDossier } = await graphqlAs<{ documentsByDossier: { id: string; name: string }[] }>(
    page,
    'query BenchEseguiDocuments($dossier: ID!) { documentsByDossier(dossier: $dossier) { id name } }',
    { dossier: dossierId },
  );
  const document = documentsByDossier[0];
  expect(document).toBeTruthy();
  const { createDocumentRule } = await graphqlAs<{ createDocumentRule: { id: string } }>(
    page,
    'mutation BenchEseguiRule($input: CreateDocumentRuleInput!) { createDocumentRule(input: $input) { id } }',
    { input: { documentType: catalogue.documentType, description: `Esegui bench ${catalogue.suffix}`, code: rule(0) } },
  );
  await page.goto(`/playground/documenti/${createDocumentRule.id}/aggiorna`);
  const code = page.getByTestId('rule-code');
  await expect(code.locator('.cm-content')).toContainText('export default function');

  // The document, chosen once (the editor remembers it).
  await page.getByTestId('rule-run').click();
  const dialog = page.getByTestId('target-dialog');
  await dialog.getByTestId('target-search').fill(document?.name ?? '');
  await dialog.getByTestId(`target-document-${document?.id}`).locator('xpath=..').click();
  await dialog.getByTestId('target-confirm').click();
  await expect(page.getByTestId('run-success')).toBeVisible({ timeout: 30_000 });

  const samples: { total: number; request: number }[] = [];
  for (let round = 1; round <= rounds; round += 1) {
    await page.getByRole('tab', { name: 'Codice' }).click();
    await typeInEditor(code, rule(round));
    await expect(page.getByTestId('check-status')).toHaveText('Nessun errore di sintassi', { timeout: 20_000 });
    samples.push(await clickToResult(page, round));
  }
  const measured = samples.slice(1);
  const totals = measured.map((s) => s.total).sort((a, b) => a - b);
  const requests = measured.map((s) => s.request).sort((a, b) => a - b);
  const report = {
    rounds: measured.length,
    clickToResultMs: { p50: percentile(totals, 0.5), p90: percentile(totals, 0.9), max: totals.at(-1) },
    requestMs: { p50: percentile(requests, 0.5), p90: percentile(requests, 0.9), max: requests.at(-1) },
  };
  console.log(
    `Esegui, ${report.rounds} rounds: click → result p50 ${report.clickToResultMs.p50.toFixed(1)} ms, p90 ${report.clickToResultMs.p90.toFixed(1)} ms, max ${report.clickToResultMs.max?.toFixed(1)} ms; ` +
      `of which the GraphQL request p50 ${report.requestMs.p50.toFixed(1)} ms`,
  );
  mkdirSync('test-results', { recursive: true });
  writeFileSync('test-results/bench-esegui.json', JSON.stringify(report, null, 2));
});
