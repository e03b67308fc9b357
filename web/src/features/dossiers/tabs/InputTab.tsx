import { useTranslation } from 'react-i18next';
import { prettyJson } from '../../../lib/format';

/** Variabili di input: the dossier's input items, as JSON (docs/domain.md#dossiers). */
export function InputTab({ input }: { input: string }) {
  const { t } = useTranslation();
  let count: number | null = null;
  try {
    const parsed: unknown = JSON.parse(input);
    count = Array.isArray(parsed) ? parsed.length : null;
  } catch {
    count = null;
  }
  return (
    <div>
      {count !== null && <p>{t('dossierDetail.inputItems', { count })}</p>}
      <pre className="code-block" tabIndex={0} data-testid="dossier-input">
        {prettyJson(input)}
      </pre>
    </div>
  );
}
