import { Button, Tooltip } from '@blueprintjs/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useSession, useSessionStore } from '../../lib/session';
import { toast } from '../../lib/toast';

/** Shown while impersonating: ends it (`endImpersonation`), back to the impersonator's session. */
export function EndImpersonationButton() {
  const { t } = useTranslation();
  const { session } = useSession();
  const store = useSessionStore();
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);
  if (session === null || !session.impersonated) return null;
  const label = t('impersonation.end', { email: session.user.email });

  const end = async () => {
    setBusy(true);
    const ended = await store.endImpersonation();
    setBusy(false);
    if (!ended) {
      void toast.error(t('impersonation.endFailed'));
      return;
    }
    await navigate('/users');
  };

  return (
    <Tooltip content={label} placement="bottom">
      <Button
        intent="warning"
        icon="undo"
        text={t('impersonation.badge', { email: session.user.email })}
        aria-label={label}
        loading={busy}
        onClick={() => void end()}
        className="top-bar__impersonation"
        data-testid="end-impersonation"
      />
    </Tooltip>
  );
}
