import useSWR from 'swr';
import type { TableInput } from '../../components/table';
import { graphqlRequest } from '../../lib/graphql/client';
import { graphql } from '../../lib/graphql/generated';

// The rule-authoring lists and new-rule forms of both playgrounds (docs/domain.md#playgrounds, #input-rules-and-limits).
// The rule editors (…/{id}/aggiorna) live in ./editor.

export const documentRulesPath = '/playground/documenti';
export const newDocumentRulePath = '/playground/documenti/nuova';
export const documentRuleEditorPath = (id: string) => `/playground/documenti/${encodeURIComponent(id)}/aggiorna`;
export const dossierRulesPath = '/playground/dossier';
export const newDossierRulePath = '/playground/dossier/nuova';
export const dossierRuleEditorPath = (id: string) => `/playground/dossier/${encodeURIComponent(id)}/aggiorna`;

/** "Cerca codice" asks the server this long after the last key (docs/domain.md#constants). */
export const CODE_SEARCH_DEBOUNCE_MS = 1000;
/** The pickers of the new document rule ask the server this long after the last key. */
export const PICKER_DEBOUNCE_MS = 300;
/** How many document types / data tables a picker shows for what is typed. */
export const PICKER_PAGE_SIZE = 20;

const DocumentRulesQuery = graphql(`
  query PlaygroundDocumentRulesList($input: TableInput) {
    documentRulesPage(input: $input) {
      items {
        id
        description
        nota
        active
        documentType {
          name
        }
      }
      pages
      total
      more
    }
  }
`);

const DocumentTypeNamesQuery = graphql(`
  query PlaygroundDocumentTypeNames {
    documentTypes {
      name
    }
  }
`);

const DossierRulesQuery = graphql(`
  query PlaygroundDossierRulesList($input: TableInput, $code: String!, $withCode: Boolean!) {
    dossierRulesPage(input: $input) {
      items {
        id
        description
        istitutoAppartenenza
        valid
        gruppo
        nota
        active
        codeMatches(search: $code) @include(if: $withCode) {
          line
          text
        }
      }
      pages
      total
      more
    }
  }
`);

const SetDocumentRuleActiveMutation = graphql(`
  mutation PlaygroundListSetDocumentRuleActive($id: ID!, $active: Boolean!) {
    setDocumentRuleActive(id: $id, active: $active) {
      id
      active
    }
  }
`);

const DeleteDocumentRuleMutation = graphql(`
  mutation PlaygroundListDeleteDocumentRule($id: ID!) {
    deleteDocumentRule(id: $id)
  }
`);

const SetDossierRuleActiveMutation = graphql(`
  mutation PlaygroundListSetDossierRuleActive($id: ID!, $active: Boolean!) {
    setDossierRuleActive(id: $id, active: $active) {
      id
      active
    }
  }
`);

const DeleteDossierRuleMutation = graphql(`
  mutation PlaygroundListDeleteDossierRule($id: ID!) {
    deleteDossierRule(id: $id)
  }
`);

const ImportDossierRulesMutation = graphql(`
  mutation PlaygroundImportDossierRules($input: String!) {
    importDossierRules(input: $input) {
      id
    }
  }
`);

const CreateDocumentRuleMutation = graphql(`
  mutation PlaygroundNewDocumentRule($input: CreateDocumentRuleInput!) {
    createDocumentRule(input: $input) {
      id
    }
  }
`);

const CreateDossierRuleMutation = graphql(`
  mutation PlaygroundNewDossierRule($input: CreateDossierRuleInput!) {
    createDossierRule(input: $input) {
      id
    }
  }
`);

const ValidationDocumentOptionsQuery = graphql(`
  query PlaygroundValidationDocumentOptions($input: TableInput) {
    docValidationsPage(input: $input) {
      items {
        id
        description
        istitutoAppartenenza
        urlOCR
        createdAt
      }
      total
    }
  }
`);

const DocumentTypeOptionsQuery = graphql(`
  query PlaygroundDocumentTypeOptions($input: TableInput) {
    documentTypesPage(input: $input) {
      items {
        name
      }
      total
    }
  }
`);

const DataTableOptionsQuery = graphql(`
  query PlaygroundDataTableOptions($input: TableInput) {
    dataTablesPage(input: $input) {
      items {
        name
      }
      total
    }
  }
`);

// --- lists ---

const fetchDocumentRules = (input: TableInput) => graphqlRequest(DocumentRulesQuery, { input }).then((result) => result.documentRulesPage);
export type DocumentRuleRow = Awaited<ReturnType<typeof fetchDocumentRules>>['items'][number];

/** One page of document rules (the previous page stays while the next loads). */
export function useDocumentRulesList(input: TableInput) {
  return useSWR(['PlaygroundDocumentRulesList', input], () => fetchDocumentRules(input), { keepPreviousData: true });
}

/** Every document type's name, for the list's Tipologia filter. */
export function useDocumentTypeNames() {
  return useSWR('PlaygroundDocumentTypeNames', () =>
    graphqlRequest(DocumentTypeNamesQuery).then((result) => result.documentTypes.map((type) => type.name).sort((a, b) => a.localeCompare(b))),
  );
}

/** The `code` filter of "Cerca codice" ('' when none). */
export const codeSearchOf = (input: TableInput) => input.filters.find((filter) => filter.column === 'code')?.value[0]?.trim() ?? '';

/** A page of dossier rules; with a code search, each with the lines of its code that match (and the search they answer). */
const fetchDossierRules = (input: TableInput) => {
  const code = codeSearchOf(input);
  return graphqlRequest(DossierRulesQuery, { input, code, withCode: code !== '' }).then((result) => ({ ...result.dossierRulesPage, codeSearch: code }));
};
export type DossierRuleRow = Awaited<ReturnType<typeof fetchDossierRules>>['items'][number];

/** One page of dossier rules (the previous page stays while the next loads). */
export function useDossierRulesList(input: TableInput) {
  return useSWR(['PlaygroundDossierRulesList', input], () => fetchDossierRules(input), { keepPreviousData: true });
}

export const setDocumentRuleActive = (id: string, active: boolean) =>
  graphqlRequest(SetDocumentRuleActiveMutation, { id, active }).then((result) => result.setDocumentRuleActive);
export const deleteDocumentRule = (id: string) => graphqlRequest(DeleteDocumentRuleMutation, { id }).then((result) => result.deleteDocumentRule);
export const setDossierRuleActive = (id: string, active: boolean) =>
  graphqlRequest(SetDossierRuleActiveMutation, { id, active }).then((result) => result.setDossierRuleActive);
export const deleteDossierRule = (id: string) => graphqlRequest(DeleteDossierRuleMutation, { id }).then((result) => result.deleteDossierRule);

/** Imports the rules of a zip (base64); answers how many rules it held. */
export const importDossierRules = (base64: string) =>
  graphqlRequest(ImportDossierRulesMutation, { input: base64 }).then((result) => result.importDossierRules.length);

// --- new rules ---

export interface NewDocumentRule {
  description: string;
  documentType: string;
  dataTables: string[];
}

/** Creates a document rule (default code and package.json); answers its id. */
export const createDocumentRule = (rule: NewDocumentRule) =>
  graphqlRequest(CreateDocumentRuleMutation, { input: rule }).then((result) => result.createDocumentRule.id);

export interface NewDossierRule {
  description: string;
  istitutoAppartenenza: string;
  gruppo: string[];
  nota: string;
  mustContain: string[];
  notContain: string[];
  /**
   * A validation document to test `mustContain` / `notContain` on first (null: none): the server
   * refuses a rule that fails on it with `RULE_NOT_VALID` (extensions `missing`, `present`).
   */
  validationDocumentID: string | null;
}

/** The error code of a new dossier rule refused because it fails on its validation document. */
export const RULE_NOT_VALID = 'RULE_NOT_VALID';

/**
 * Creates a dossier rule (default code and package.json, every dossier type, no data table),
 * tested first on its validation document when it has one; answers its id.
 */
export const createDossierRule = (rule: NewDossierRule) =>
  graphqlRequest(CreateDossierRuleMutation, { input: { ...rule, dossierType: null, dataTables: [] } }).then((result) => result.createDossierRule.id);

/** What a picker asks for: the first names containing `search`. */
const optionsInput = (search: string): TableInput => ({
  pageSize: PICKER_PAGE_SIZE,
  pageIndex: 0,
  order: 'name ASC',
  filters: search.trim() === '' ? [] : [{ column: 'name', type: 'text', value: [search.trim()] }],
});

export interface PickerOptions {
  names: string[];
  /** How many names match in all (more than shown: the user should type more). */
  total: number;
}

/** The document types whose name contains `search` (there can be hundreds: asked to the server). */
export function useDocumentTypeOptions(search: string, enabled = true) {
  return useSWR(enabled ? ['PlaygroundDocumentTypeOptions', search.trim()] : null, (): Promise<PickerOptions> =>
    graphqlRequest(DocumentTypeOptionsQuery, { input: optionsInput(search) }).then((result) => ({
      names: result.documentTypesPage.items.map((type) => type.name),
      total: result.documentTypesPage.total,
    })),
    { keepPreviousData: true },
  );
}

/** The data tables whose name contains `search`. */
export function useDataTableOptions(search: string, enabled = true) {
  return useSWR(enabled ? ['PlaygroundDataTableOptions', search.trim()] : null, (): Promise<PickerOptions> =>
    graphqlRequest(DataTableOptionsQuery, { input: optionsInput(search) }).then((result) => ({
      names: result.dataTablesPage.items.map((table) => table.name),
      total: result.dataTablesPage.total,
    })),
    { keepPreviousData: true },
  );
}

/** How many validation documents the new dossier rule's picker offers (the newest). */
export const VALIDATION_DOCUMENT_OPTIONS = 50;

/**
 * The newest validation documents of the institute `istituto` (any, while it is empty) whose text
 * is extracted: those a new dossier rule can be tested on.
 */
export function useValidationDocumentOptions(istituto: string, enabled = true) {
  const institute = istituto.trim();
  const input: TableInput = {
    pageSize: VALIDATION_DOCUMENT_OPTIONS,
    pageIndex: 0,
    order: 'createdAt DESC',
    filters: institute === '' ? [] : [{ column: 'istitutoAppartenenza', type: 'text', value: [institute] }],
  };
  return useSWR(enabled ? ['PlaygroundValidationDocumentOptions', institute] : null, () =>
    graphqlRequest(ValidationDocumentOptionsQuery, { input }).then((result) => result.docValidationsPage.items.filter((document) => document.urlOCR != null)),
    { keepPreviousData: true },
  );
}

// --- files ---

/** Whether `file` is named like a zip archive. */
export const isZipName = (file: Pick<File, 'name'>) => /\.zip$/i.test(file.name);

/** The bytes as base64 (without a data: prefix). */
export function toBase64(bytes: Uint8Array): string {
  let binary = '';
  const chunk = 0x8000;
  for (let index = 0; index < bytes.length; index += chunk) {
    binary += String.fromCharCode(...bytes.subarray(index, index + chunk));
  }
  return btoa(binary);
}

/** Whether the bytes start like a zip archive ("PK"). */
export const looksLikeZip = (bytes: Uint8Array) => bytes.length >= 4 && bytes[0] === 0x50 && bytes[1] === 0x4b;
