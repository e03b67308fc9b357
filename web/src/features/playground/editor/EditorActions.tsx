import { Button, ButtonGroup, Tooltip } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import type { RuleKind } from './contract';
import type { EditorPermissions } from './permissions';
import type { RunTarget } from './targets';

interface EditorActionsProps {
  kind: RuleKind;
  permissions: Pick<EditorPermissions, 'canSave' | 'canDownload' | 'canRun'>;
  loaded: boolean;
  dirty: boolean;
  saving: boolean;
  onReset: () => void;
  onSave: () => void;
  downloading: boolean;
  onDownload: () => void;
  running: boolean;
  /** What Esegui runs on (the target chosen last). */
  target: RunTarget | null;
  onRun: () => void;
  onChooseTarget: () => void;
}

/** The editor's header buttons: Reset, Salva, Playground (the rule's zip) and Esegui with the choice of what it runs on. */
export function EditorActions({ kind, permissions, loaded, dirty, saving, onReset, onSave, downloading, onDownload, running, target, onRun, onChooseTarget }: EditorActionsProps) {
  const { t } = useTranslation();
  const runTooltip = target ? t('ruleEditor.tooltips.runOn', { target: target.label }) : t('ruleEditor.tooltips.run');
  const chooseLabel = t(kind === 'document' ? 'ruleEditor.actions.chooseDocument' : 'ruleEditor.actions.chooseDossier');
  return (
    <>
      <Tooltip content={t('ruleEditor.tooltips.reset')}>
        <Button icon="reset" text={t('ruleEditor.actions.reset')} disabled={!dirty || saving} onClick={onReset} data-testid="rule-reset" />
      </Tooltip>
      {permissions.canSave && (
        <Tooltip content={t('ruleEditor.tooltips.save')}>
          <Button
            intent="primary"
            icon="floppy-disk"
            text={t('ruleEditor.actions.save')}
            loading={saving}
            disabled={!loaded}
            onClick={onSave}
            aria-keyshortcuts="Control+S Meta+S"
            data-testid="rule-save"
          />
        </Tooltip>
      )}
      {permissions.canDownload && (
        <Tooltip content={t('ruleEditor.tooltips.playground')}>
          <Button icon="download" text={t('ruleEditor.actions.playground')} disabled={!loaded} loading={downloading} onClick={onDownload} data-testid="rule-playground" />
        </Tooltip>
      )}
      {permissions.canRun && (
        <ButtonGroup>
          {/* Hover hints only: focus comes back here when the picker closes, and a tooltip
              opened by it would stay over Esegui and take the next click. */}
          <Tooltip content={runTooltip} openOnTargetFocus={false}>
            <Button intent="success" icon="play" text={t('ruleEditor.actions.run')} loading={running} disabled={!loaded} onClick={onRun} aria-keyshortcuts="Control+Enter Meta+Enter" data-testid="rule-run" />
          </Tooltip>
          <Tooltip content={chooseLabel} openOnTargetFocus={false}>
            <Button intent="success" icon="caret-down" aria-label={chooseLabel} disabled={!loaded || running} onClick={onChooseTarget} data-testid="rule-run-choose" />
          </Tooltip>
        </ButtonGroup>
      )}
    </>
  );
}
