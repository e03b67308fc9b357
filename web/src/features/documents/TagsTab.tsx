import { Button } from '@blueprintjs/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { prettyJson } from '../../lib/format';
import { useCan } from '../../lib/session';
import { toast } from '../../lib/toast';
import { errorMessage } from '../../lib/validation';
import { replaceDocumentMetas, type DocumentDetail } from './api';
import { LazyCodeEditor } from '../../components/code/LazyCodeEditor';

/**
 * modifica: the tags (metas) as JSON text in a code editor, its syntax errors marked as you type
 * (in the user's language); Salva replaces them (docs/domain.md#input-rules-and-limits: no validation message, the server
 * answers, and a refusal says the server's reason). Read-only without `replaceDocumentMetas`.
 */
export function TagsTab({ document, onSaved }: { document: DocumentDetail; onSaved: () => void }) {
  const { t } = useTranslation();
  const can = useCan();
  const editable = can({ action: 'allow', resource: 'replaceDocumentMetas' });
  const saved = prettyJson(document.metas);
  const [text, setText] = useState(saved);
  const [saving, setSaving] = useState(false);

  const save = async () => {
    setSaving(true);
    try {
      await replaceDocumentMetas(document.id, text);
      void toast.success(t('documentDetail.tagsSaved'));
      onSaved();
    } catch (failure) {
      // Why the server refused them (e.g. where the JSON is wrong), in the user's language.
      void toast.error(`${t('documentDetail.tagsFailed')}: ${errorMessage(failure)}`);
    } finally {
      setSaving(false);
    }
  };

  return (
    <div className="tags-tab">
      <LazyCodeEditor value={text} onChange={setText} language="json" lint={editable ? 'json' : undefined} readOnly={!editable} label={t('documentDetail.tagsLabel')} minHeight="240px" maxHeight="480px" testId="tags-editor" />
      {editable && (
        <div className="tab-panel__actions">
          <Button text={t('documentDetail.revert')} icon="undo" variant="minimal" disabled={text === saved || saving} onClick={() => setText(saved)} data-testid="tags-revert" />
          <Button text={t('common.save')} icon="floppy-disk" intent="primary" loading={saving} onClick={() => void save()} data-testid="tags-save" />
        </div>
      )}
    </div>
  );
}
