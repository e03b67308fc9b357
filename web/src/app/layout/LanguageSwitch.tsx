import { SegmentedControl } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { LANGUAGES } from '../../lib/i18n';

/** IT / EN: the language of the interface, kept in local storage (lib/i18n). */
export function LanguageSwitch() {
  const { t, i18n } = useTranslation();
  return (
    <SegmentedControl
      aria-label={t('topBar.language')}
      size="small"
      value={i18n.resolvedLanguage}
      onValueChange={(language) => void i18n.changeLanguage(language)}
      options={LANGUAGES.map((language) => ({ value: language, label: language.toUpperCase() }))}
    />
  );
}
