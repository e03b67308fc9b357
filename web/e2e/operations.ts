import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Page } from '@playwright/test';
import { graphqlAs, unique } from './api';
import { expect, storedSession } from './fixtures';
import { makePdf, zipBase64 } from './pdf';

// Set-up of the operations-area tests through the real API: a catalogue (document type and its
// rule, a dossier type and a dossier rule restricted to it, so that other tests' dossiers are not
// touched), dossiers imported through REST with real PDFs, and a callback receiver.

/** Reads the amount of a contract into the metas. */
const CONTRACT_RULE = `
export default function ({ rawText }) {
  const amount = rawText.match(/Importo:\\s*(\\d+)/);
  return { success: amount !== null, metas: { importo: amount ? Number(amount[1]) : null } };
}`;

/** The scenario passes when the amount covers its minimum. */
const MINIMUM_RULE = `
export default function ({ metas, input }) {
  const amounts = Object.values(metas).map((m) => m.importo).filter((v) => v != null);
  console.log("importi: " + amounts.join(","));
  return { success: amounts.length > 0 && Math.min(...amounts) >= input.minimo };
}`;

export interface Catalogue {
  documentType: string;
  dossierType: string;
  suffix: string;
}

/** A catalogue made by createCatalogue: with its document rule and its dossier rule. */
export interface CatalogueWithRules extends Catalogue {
  documentRuleId: string;
  dossierRuleId: string;
}

export async function createCatalogue(page: Page): Promise<CatalogueWithRules> {
  const suffix = unique();
  const documentType = `contratto-${suffix}`.slice(0, 30);
  const dossierType = `cessione-${suffix}`.slice(0, 30);
  await graphqlAs(page, 'mutation($name: String!) { createDocumentType(input: { name: $name }) { name } }', { name: documentType });
  await graphqlAs(page, 'mutation($name: String!) { createDossierType(input: { name: $name }) { name } }', { name: dossierType });
  const { createDocumentRule } = await graphqlAs<{ createDocumentRule: { id: string } }>(page, 'mutation($input: CreateDocumentRuleInput!) { createDocumentRule(input: $input) { id } }', {
    input: { documentType, description: `Importo ${suffix}`, code: CONTRACT_RULE },
  });
  const { createDossierRule } = await graphqlAs<{ createDossierRule: { id: string } }>(page, 'mutation($input: CreateDossierRuleInput!) { createDossierRule(input: $input) { id } }', {
    input: { description: `Importo minimo ${suffix}`, istitutoAppartenenza: 'Banca Test', code: MINIMUM_RULE, dossierType },
  });
  return { documentType, dossierType, suffix, documentRuleId: createDocumentRule.id, dossierRuleId: createDossierRule.id };
}

const contract = (amount: number, lines: readonly string[]) => makePdf([`Contratto di cessione del quinto`, `Importo: ${amount}`, `La Societa finanziatrice`, ...lines]);

/**
 * Imports a dossier of one contract per amount (input: minimum 100, then 5000), each with `lines`
 * after its own; answers its id.
 */
export async function importContracts(page: Page, catalogue: Catalogue, amounts: number[], callbackUrl?: string, lines: readonly string[] = []): Promise<string> {
  const session = await storedSession(page);
  const files = Object.fromEntries(amounts.map((amount, index) => [`contratto-${index + 1}.pdf`, contract(amount, lines)]));
  const response = await page.request.post('/import_dossier', {
    headers: { Authorization: `Bearer ${session?.accessToken ?? ''}` },
    data: {
      idValutazione: `VAL-${catalogue.suffix}`,
      tipoContratto: catalogue.dossierType,
      base64zip: zipBase64(files),
      files: Object.keys(files).map((nomeFile) => ({ nomeFile, tipoDocumento: catalogue.documentType })),
      input: JSON.stringify([{ minimo: 100 }, { minimo: 5000 }]),
      callbackUrl,
    },
  });
  expect(response.ok(), await response.text()).toBe(true);
  return ((await response.json()) as { id: string }).id;
}

/** Waits until the dossier is in `state` (through GraphQL). */
export async function waitForDossier(page: Page, id: string, state: string, timeoutMs = 90_000): Promise<void> {
  await expect
    .poll(async () => (await graphqlAs<{ dossier: { state: string } }>(page, 'query($id: ID!) { dossier(id: $id) { state } }', { id })).dossier.state, {
      timeout: timeoutMs,
    })
    .toBe(state);
}

/** An HTTP server on this machine that records every callback it receives. */
export async function startReceiver(): Promise<{ url: string; bodies: string[]; close: () => void }> {
  const bodies: string[] = [];
  const server: Server = createServer((request: IncomingMessage, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString()));
    request.on('end', () => {
      bodies.push(body);
      response.writeHead(200).end('ricevuto');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/callback`, bodies, close: () => server.close() };
}
