import { useTranslation } from 'react-i18next';
import { prettyJson } from '../../lib/format';

/** A rule's code (and package.json when given) under its row, read-only. */
export function TypeRuleCode({ code, packageJson }: { code: string; packageJson?: string }) {
  const { t } = useTranslation();
  return (
    <div className={`types__rule-code${packageJson === undefined ? ' types__rule-code--single' : ''}`}>
      <section>
        <h3 className="detail-subtitle">{t('types.rules.code')}</h3>
        <pre className="code-block" data-testid="type-rule-code">
          <code>{code}</code>
        </pre>
      </section>
      {packageJson !== undefined && (
        <section>
          <h3 className="detail-subtitle">{t('types.rules.packageJson')}</h3>
          <pre className="code-block" data-testid="type-rule-package">
            <code>{prettyJson(packageJson)}</code>
          </pre>
        </section>
      )}
    </div>
  );
}

/** Which rows are open (rule ids), and the toggle. */
export function toggled(open: ReadonlySet<string>, id: string): Set<string> {
  const next = new Set(open);
  if (next.has(id)) next.delete(id);
  else next.add(id);
  return next;
}
