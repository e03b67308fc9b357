import { Button, Callout, Classes, H2, HTMLTable, Icon, NonIdealState, Spinner, Tag } from '@blueprintjs/core';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { PageHeader } from '../../components/PageHeader';
import { formatUnixSeconds } from '../../lib/format';
import { GraphQLRequestError } from '../../lib/graphql/client';
import { useCan } from '../../lib/session';
import { toast } from '../../lib/toast';
import { errorMessage, storedError } from '../../lib/validation';
import { dossierRuleEditorPath, isUnderWay, useValidation, validationsPath, type InvalidRule } from './api';
import { ValidationStateTag } from './ValidationStateTag';
import './validation.css';

/**
 * /validazione/{id} (docs/domain.md#rule-validation): the validation's facts (state, institute, file, times,
 * who started it; why it failed) and the rules it invalidated, each with the strings that failed
 * and a link to its editor. Asked again every 5 s while the validation is under way.
 */
export function ValidationDetailPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { id = '' } = useParams();
  const { data: validation, error, isLoading } = useValidation(id);
  const notFound = error instanceof GraphQLRequestError && error.code === 'NOT_FOUND';

  useEffect(() => {
    if (error && !notFound) void toast.error(t('ruleValidation.detail.loadFailed'));
  }, [error, notFound, t]);

  const title = validation ? t('ruleValidation.detail.title', { file: validation.fileName }) : t('routes.validationDetail');
  return (
    <>
      <PageHeader
        title={title}
        breadcrumbs={[{ label: t('routes.dashboard'), to: '/dashboard' }, { label: t('routes.validations'), to: validationsPath }, { label: t('routes.validationDetail') }]}
      >
        <Button icon="arrow-left" text={t('ruleValidation.detail.back')} onClick={() => void navigate(validationsPath)} data-testid="validation-back" />
      </PageHeader>
      <section className="page-panel">
        {isLoading && <Spinner size={24} aria-label={t('common.loading')} className="table-loader" />}
        {notFound && <NonIdealState icon="search" title={t('ruleValidation.detail.notFound')} data-testid="validation-not-found" />}
        {error && !notFound && !validation && (
          <Callout intent="danger" icon="error" role="alert" className="form-error">
            {t('ruleValidation.detail.loadFailed')}: {errorMessage(error)}
          </Callout>
        )}
        {validation && (
          <>
            <dl className="detail-fields" data-testid="validation-fields">
              <dt>{t('ruleValidation.columns.state')}</dt>
              <dd>
                <ValidationStateTag state={validation.state} />
              </dd>
              <dt>{t('ruleValidation.columns.istituto')}</dt>
              <dd className="detail-fields__wrap" dir="auto">
                {validation.istituto}
              </dd>
              <dt>{t('ruleValidation.columns.document')}</dt>
              <dd className="detail-fields__wrap" dir="auto">
                {validation.fileName}
              </dd>
              <dt>{t('ruleValidation.columns.startedAt')}</dt>
              <dd>
                {formatUnixSeconds(validation.createdAt)}
              </dd>
              <dt>{t('ruleValidation.detail.runStartedAt')}</dt>
              <dd>
                {formatUnixSeconds(validation.startedAt)}
              </dd>
              <dt>{t('ruleValidation.columns.finishedAt')}</dt>
              <dd>
                {formatUnixSeconds(validation.finishedAt)}
              </dd>
              <dt>{t('ruleValidation.columns.rulesInvalidated')}</dt>
              <dd data-testid="validation-invalidated">{validation.rulesInvalidated}</dd>
              <dt>{t('ruleValidation.detail.createdBy')}</dt>
              <dd className="detail-fields__wrap" dir="auto">
                {validation.createdBy ?? '-'}
              </dd>
            </dl>
            {validation.state === 'failed' && (
              <Callout intent="danger" icon="error" title={t('ruleValidation.detail.failed')} className="form-error" data-testid="validation-failure">
                <span dir="auto">{storedError(validation.error, validation.errorMessage) ?? '-'}</span>
              </Callout>
            )}
            {isUnderWay(validation.state) && (
              <Callout intent="primary" icon="time" className="form-error" data-testid="validation-running">
                {t('ruleValidation.detail.running')}
              </Callout>
            )}
            <H2 className="validation-detail__title">{t('ruleValidation.detail.invalidRules')}</H2>
            <InvalidRules rules={validation.invalidRules} underWay={isUnderWay(validation.state)} />
          </>
        )}
      </section>
    </>
  );
}

/** The failed strings of a rule: "manca «x»" for each missing one, "presente «y»" for each present one. */
export function FailedStrings({ missing, present }: { missing: readonly string[]; present: readonly string[] }) {
  const { t } = useTranslation();
  if (missing.length === 0 && present.length === 0) return <span className={Classes.TEXT_MUTED}>-</span>;
  return (
    <ul className="validation-failed" data-testid="failed-strings">
      {missing.map((text, index) => (
        <li key={`m-${index}`}>
          <Tag minimal intent="warning" className="validation-failed__tag" dir="auto" data-kind="missing">
            {t('ruleValidation.detail.missing', { text })}
          </Tag>
        </li>
      ))}
      {present.map((text, index) => (
        <li key={`p-${index}`}>
          <Tag minimal intent="danger" className="validation-failed__tag" dir="auto" data-kind="present">
            {t('ruleValidation.detail.present', { text })}
          </Tag>
        </li>
      ))}
    </ul>
  );
}

/** The invalid rules: at most one institute's rules (the server bounds them), so one plain table. */
function InvalidRules({ rules, underWay }: { rules: readonly InvalidRule[]; underWay: boolean }) {
  const { t } = useTranslation();
  const can = useCan();
  const mayOpen = can({ action: 'allow', resource: 'dossierRules' });
  if (rules.length === 0) {
    return (
      <p className={`validation-detail__empty ${Classes.TEXT_MUTED}`} data-testid="invalid-rules-empty">
        {underWay ? t('ruleValidation.detail.noneYet') : t('ruleValidation.detail.none')}
      </p>
    );
  }
  return (
    <div className="table-scroll">
      <HTMLTable className="data-table data-table--stack validation-rules" striped aria-label={t('ruleValidation.detail.invalidRules')} data-testid="invalid-rules">
        <thead>
          <tr>
            <th scope="col">{t('ruleValidation.detail.columns.idRule')}</th>
            <th scope="col">{t('ruleValidation.detail.columns.description')}</th>
            <th scope="col">{t('ruleValidation.detail.columns.failed')}</th>
            <th scope="col" className="data-table__actions">
              {t('common.actions')}
            </th>
          </tr>
        </thead>
        <tbody>
          {rules.map((rule) => (
            <tr key={rule.id} data-testid={`invalid-rule-${rule.idRule ?? rule.id}`}>
              <td data-label={t('ruleValidation.detail.columns.idRule')}>
                {rule.idRule ? <code className="validation-rules__id">{rule.idRule}</code> : <span className={Classes.TEXT_MUTED}>{t('ruleValidation.detail.deletedRule')}</span>}
              </td>
              <td data-label={t('ruleValidation.detail.columns.description')}>
                <span dir="auto">{rule.description}</span>
              </td>
              <td data-label={t('ruleValidation.detail.columns.failed')}>
                <FailedStrings missing={rule.missing} present={rule.present} />
              </td>
              <td data-label={t('common.actions')} className="data-table__actions">
                {rule.idRule && mayOpen && (
                  <Link
                    to={dossierRuleEditorPath(rule.idRule)}
                    className={`${Classes.BUTTON} ${Classes.MINIMAL} validation-rules__open`}
                    aria-label={t('ruleValidation.detail.openRuleOf', { description: rule.description })}
                    data-testid="invalid-rule-open"
                  >
                    <Icon icon="edit" aria-hidden />
                    <span>{t('ruleValidation.detail.openRule')}</span>
                  </Link>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </HTMLTable>
    </div>
  );
}
