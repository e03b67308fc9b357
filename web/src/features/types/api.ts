import useSWR from 'swr';
import type { TableInput } from '../../components/table';
import { graphqlRequest } from '../../lib/graphql/client';
import { graphql } from '../../lib/graphql/generated';

/** Longest type name (docs/domain.md#input-rules-and-limits). */
export const TYPE_NAME_MAX = 30;

/** The two kinds of type these screens manage, each at its own address. */
export type TypeKind = 'document' | 'dossier';

/** The resources (api/src/graphql/access.rs) of each kind's screens and actions. */
export const TYPE_RESOURCES = {
  document: { list: 'documentTypes', create: 'createDocumentType', delete: 'deleteDocumentType', rules: 'documentRules' },
  dossier: { list: 'dossierTypes', create: 'createDossierType', delete: 'deleteDossierType', rules: 'dossierRules' },
} as const;

export const typesPath = (kind: TypeKind) => (kind === 'document' ? '/tipologie/documenti' : '/tipologie/dossier');
export const newTypePath = (kind: TypeKind) => `${typesPath(kind)}/nuova`;
export const typeDetailPath = (kind: TypeKind, name: string) => `${typesPath(kind)}/dettagli/${encodeURIComponent(name)}`;

const DocumentTypesPageQuery = graphql(`
  query DocumentTypesPage($input: TableInput) {
    documentTypesPage(input: $input) {
      items {
        name
        createdAt
        ruleCount
      }
      pages
      total
      more
    }
  }
`);

const DossierTypesPageQuery = graphql(`
  query DossierTypesPage($input: TableInput) {
    dossierTypesPage(input: $input) {
      items {
        name
        createdAt
        ruleCount
        requiredMetas
      }
      pages
      total
      more
    }
  }
`);

const DocumentTypeQuery = graphql(`
  query DocumentTypeDetail($name: String!) {
    documentType(name: $name) {
      name
      createdAt
      ruleCount
    }
  }
`);

const DossierTypeQuery = graphql(`
  query DossierTypeDetail($name: String!) {
    dossierType(name: $name) {
      name
      createdAt
      ruleCount
      requiredMetas
    }
  }
`);

const DocumentTypeRulesQuery = graphql(`
  query DocumentTypeRules($input: TableInput) {
    documentRulesPage(input: $input) {
      items {
        id
        description
        state
        code
        packageJSON
      }
      pages
      total
      more
    }
  }
`);

const DossierTypeRulesQuery = graphql(`
  query DossierTypeRules($input: TableInput) {
    dossierRulesPage(input: $input) {
      items {
        id
        description
        code
        dossierType {
          name
        }
      }
      pages
      total
      more
    }
  }
`);

const CreateDocumentTypeMutation = graphql(`
  mutation CreateDocumentType($name: String!) {
    createDocumentType(input: { name: $name }) {
      name
    }
  }
`);

const CreateDossierTypeMutation = graphql(`
  mutation CreateDossierType($name: String!) {
    createDossierType(input: { name: $name }) {
      name
    }
  }
`);

const DeleteDocumentTypeMutation = graphql(`
  mutation DeleteDocumentType($name: String!) {
    deleteDocumentType(name: $name)
  }
`);

const DeleteDossierTypeMutation = graphql(`
  mutation DeleteDossierType($name: String!) {
    deleteDossierType(name: $name)
  }
`);

const SetRequiredMetasMutation = graphql(`
  mutation SetDossierTypeRequiredMetas($name: String!, $metas: [String!]!) {
    setDossierTypeRequiredMetas(name: $name, metas: $metas) {
      name
      requiredMetas
    }
  }
`);

/** A row of either type list. */
export interface TypeRow {
  name: string;
  createdAt: string;
  ruleCount: number;
  requiredMetas?: readonly string[];
}

/** One page of document or dossier types (the previous page stays while the next loads). */
export function useTypesPage(kind: TypeKind, input: TableInput) {
  return useSWR(['TypesPage', kind, input], () =>
    kind === 'document'
      ? graphqlRequest(DocumentTypesPageQuery, { input }).then((result) => result.documentTypesPage)
      : graphqlRequest(DossierTypesPageQuery, { input }).then((result) => result.dossierTypesPage),
    { keepPreviousData: true },
  );
}

export function useDocumentType(name: string) {
  return useSWR(['DocumentTypeDetail', name], () => graphqlRequest(DocumentTypeQuery, { name }).then((result) => result.documentType));
}

export function useDossierType(name: string) {
  return useSWR(['DossierTypeDetail', name], () => graphqlRequest(DossierTypeQuery, { name }).then((result) => result.dossierType));
}

/** One page of the rules of the document type (the filter on the type is added here). */
export function useDocumentTypeRules(name: string, input: TableInput) {
  const withType: TableInput = { ...input, filters: [...input.filters, { column: 'documentType', type: 'select', value: [name] }] };
  return useSWR(['DocumentTypeRules', withType], () => graphqlRequest(DocumentTypeRulesQuery, { input: withType }).then((result) => result.documentRulesPage), {
    keepPreviousData: true,
  });
}

/** One page of the dossier rules restricted to the dossier type. */
/** The dossier rules the type's dossiers run: its own and those of every type. */
export function useDossierTypeRules(name: string, input: TableInput) {
  const withType: TableInput = { ...input, filters: [...input.filters, { column: 'runsFor', type: 'select', value: [name] }] };
  return useSWR(['DossierTypeRules', withType], () => graphqlRequest(DossierTypeRulesQuery, { input: withType }).then((result) => result.dossierRulesPage), {
    keepPreviousData: true,
  });
}

export const createType = (kind: TypeKind, name: string) =>
  kind === 'document'
    ? graphqlRequest(CreateDocumentTypeMutation, { name }).then((result) => result.createDocumentType.name)
    : graphqlRequest(CreateDossierTypeMutation, { name }).then((result) => result.createDossierType.name);

export const deleteType = (kind: TypeKind, name: string) =>
  kind === 'document'
    ? graphqlRequest(DeleteDocumentTypeMutation, { name }).then((result) => result.deleteDocumentType)
    : graphqlRequest(DeleteDossierTypeMutation, { name }).then((result) => result.deleteDossierType);

export const setRequiredMetas = (name: string, metas: string[]) =>
  graphqlRequest(SetRequiredMetasMutation, { name, metas }).then((result) => result.setDossierTypeRequiredMetas);
