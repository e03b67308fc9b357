import { Icon, Tab, Tabs, Tag } from '@blueprintjs/core';
import { useMemo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { RuleKind } from './contract';
import { TAB_OF_FIELD, type EditorTab, type Field } from './model';

/** The i18n key of each tab's title. */
const TAB_TITLE: Record<EditorTab, string> = {
  codice: 'ruleEditor.tabs.codice',
  helper: 'ruleEditor.tabs.helper',
  package: 'ruleEditor.tabs.package',
  'deve-contenere': 'ruleEditor.tabs.mustContain',
  'non-deve-contenere': 'ruleEditor.tabs.notContain',
  risultato: 'ruleEditor.tabs.risultato',
  log: 'ruleEditor.tabs.log',
  'what-if': 'ruleEditor.tabs.whatIf',
  modifica: 'ruleEditor.tabs.modifica',
  storia: 'ruleEditor.tabs.storia',
};

interface EditorTabsProps {
  kind: RuleKind;
  /** The rule's state as saved. */
  rule: { active: boolean; valid: boolean | null };
  /** The fields edited and not saved: their tabs have a dot. */
  dirty: readonly Field[];
  tabs: readonly EditorTab[];
  tab: EditorTab;
  select: (tab: EditorTab) => void;
  panel: (tab: EditorTab) => ReactNode;
}

/** The rule's state (active or paused, valid or not, unsaved edits) over the editor's tabs. */
export function EditorTabs({ kind, rule, dirty, tabs, tab, select, panel }: EditorTabsProps) {
  const { t } = useTranslation();
  const dirtyTabs = useMemo(() => new Set(dirty.map((field) => TAB_OF_FIELD[field])), [dirty]);
  return (
    <>
      <div className="rule-editor__status" data-testid="rule-status">
        <Tag intent={rule.active ? 'success' : 'none'} minimal>
          {rule.active ? t('ruleEditor.state.active') : t('ruleEditor.state.paused')}
        </Tag>
        {rule.valid !== null && (
          <Tag intent={rule.valid ? 'success' : 'danger'} minimal>
            {rule.valid ? t('ruleEditor.state.valid') : t('ruleEditor.state.invalid')}
          </Tag>
        )}
        {dirty.length > 0 && (
          <Tag intent="warning" icon="edit" data-testid="rule-dirty">
            {t('ruleEditor.unsaved')}
          </Tag>
        )}
      </div>
      <Tabs id="rule-editor-tabs" animate={false} selectedTabId={tab} onChange={(next) => select(next as EditorTab)} className="detail-tabs rule-editor__tabs" renderActiveTabPanelOnly>
        {tabs.map((each) => (
          <Tab
            key={each}
            id={each}
            title={
              <span className="rule-editor__tab-title">
                {t(TAB_TITLE[each], { context: kind === 'dossier' ? 'dossier' : undefined })}
                {dirtyTabs.has(each) && (
                  <>
                    <Icon icon="dot" intent="warning" size={12} className="rule-editor__tab-dot" aria-hidden />
                    <span className="visually-hidden" data-testid={`rule-tab-edited-${each}`}>
                      {` (${t('ruleEditor.tabs.edited')})`}
                    </span>
                  </>
                )}
              </span>
            }
            panel={<div className="rule-editor__panel">{panel(each)}</div>}
            data-testid={`rule-tab-${each}`}
          />
        ))}
      </Tabs>
    </>
  );
}
