import { RuleEditor } from './RuleEditor';

/** /playground/documenti/{id}/aggiorna: the editor of a document rule. */
export function DocumentRuleEditorPage() {
  return <RuleEditor kind="document" />;
}

/** /playground/dossier/{id}/aggiorna: the editor of a dossier rule. */
export function DossierRuleEditorPage() {
  return <RuleEditor kind="dossier" />;
}
