import { Alert } from '@blueprintjs/core';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useBlocker } from 'react-router';

/** Leaving with unsaved edits asks first: another screen of the app, or the browser's reload and close. */
export function LeaveGuard({ dirty }: { dirty: boolean }) {
  const { t } = useTranslation();
  const blocker = useBlocker(({ currentLocation, nextLocation }) => dirty && currentLocation.pathname !== nextLocation.pathname);
  useEffect(() => {
    if (!dirty) return;
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, [dirty]);

  return (
    <Alert
      isOpen={blocker.state === 'blocked'}
      onCancel={() => blocker.reset?.()}
      onConfirm={() => blocker.proceed?.()}
      cancelButtonText={t('ruleEditor.leave.stay')}
      confirmButtonText={t('ruleEditor.leave.leave')}
      intent="danger"
      icon="warning-sign"
      canEscapeKeyCancel
    >
      <p data-testid="rule-leave-confirm">{t('ruleEditor.leave.message')}</p>
    </Alert>
  );
}
