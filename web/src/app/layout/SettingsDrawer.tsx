import { Button, Classes, Drawer, FormGroup, SegmentedControl, Switch } from '@blueprintjs/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DIRECTIONS, THEMES, type Settings } from '../../lib/settings/settings';
import { useSettings } from '../../lib/settings/SettingsContext';
import { toast } from '../../lib/toast';

const THEME_ICONS = { LIGHT: 'flash', DARK: 'moon', NATURE: 'tree' } as const;

interface SettingsDrawerProps {
  isOpen: boolean;
  onClose: () => void;
}

export function SettingsDrawer({ isOpen, onClose }: SettingsDrawerProps) {
  const { t } = useTranslation();
  const { settings } = useSettings();
  return (
    <Drawer
      isOpen={isOpen}
      onClose={onClose}
      title={t('settings.title')}
      icon="cog"
      size={360}
      position={settings.direction === 'rtl' ? 'left' : 'right'}
    >
      {/* Mounted only while open: every opening starts from the saved settings. */}
      <SettingsForm onSaved={onClose} />
    </Drawer>
  );
}

function SettingsForm({ onSaved }: { onSaved: () => void }) {
  const { t } = useTranslation();
  const { settings, save } = useSettings();
  const [draft, setDraft] = useState(settings);
  const set = <K extends keyof Settings>(key: K, value: Settings[K]) => setDraft({ ...draft, [key]: value });

  const submit = () => {
    save(draft);
    void toast.success(t('settings.saved'));
    onSaved();
  };

  return (
    <>
      <div className={`${Classes.DRAWER_BODY} settings-form`} data-testid="settings-drawer">
        <FormGroup label={t('settings.theme')}>
          <SegmentedControl
            fill
            aria-label={t('settings.theme')}
            value={draft.theme}
            onValueChange={(value) => set('theme', THEMES.find((theme) => theme === value) ?? draft.theme)}
            options={THEMES.map((theme) => ({ value: theme, label: t(`settings.themes.${theme}`), icon: THEME_ICONS[theme] }))}
          />
        </FormGroup>
        <FormGroup label={t('settings.layout')}>
          <Switch
            large
            label={t('settings.responsiveFontSizes')}
            checked={draft.responsiveFontSizes}
            onChange={(event) => set('responsiveFontSizes', event.currentTarget.checked)}
          />
          <Switch
            large
            label={t('settings.compact')}
            checked={draft.compact}
            onChange={(event) => set('compact', event.currentTarget.checked)}
          />
          <Switch
            large
            label={t('settings.roundedCorners')}
            checked={draft.roundedCorners}
            onChange={(event) => set('roundedCorners', event.currentTarget.checked)}
          />
        </FormGroup>
        <FormGroup label={t('settings.direction')}>
          <SegmentedControl
            fill
            aria-label={t('settings.direction')}
            value={draft.direction}
            onValueChange={(value) => set('direction', DIRECTIONS.find((direction) => direction === value) ?? draft.direction)}
            options={DIRECTIONS.map((direction) => ({ value: direction, label: t(`settings.directions.${direction}`) }))}
          />
        </FormGroup>
      </div>
      <div className={Classes.DRAWER_FOOTER}>
        <Button intent="primary" icon="floppy-disk" text={t('settings.save')} onClick={submit} data-testid="settings-save" />
      </div>
    </>
  );
}
