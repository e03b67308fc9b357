import { Classes, Dialog } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { prettyJson } from '../../../lib/format';

/** A row shown whole: each section a title and its text (JSON pretty-printed). */
export function RecordDialog({ title, sections, onClose }: { title: string; sections: readonly [string, string | null | undefined][]; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Dialog isOpen title={title} onClose={onClose} className="record-dialog">
      {/* Scrolls with the keyboard too: the body takes focus. */}
      <div className={Classes.DIALOG_BODY} tabIndex={0} role="region" aria-label={title}>
        <div data-testid="record-dialog">
          {sections.map(([label, text]) => (
            <section key={label}>
              <h3 className={`detail-subtitle ${Classes.HEADING}`}>{label}</h3>
              <pre className="code-block" tabIndex={0}>
                {text == null || text === '' ? t('dossierDetail.none') : prettyJson(text)}
              </pre>
            </section>
          ))}
        </div>
      </div>
    </Dialog>
  );
}
