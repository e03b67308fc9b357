import { Intent, OverlayToaster, Position, type Toaster, type ToastProps } from '@blueprintjs/core';
import { MAX_TOASTS } from './constants';

let toaster: Promise<Toaster> | undefined;

/** Its class (styles.css): toasts let clicks through to what is under them. */
export const TOASTER_CLASS = 'app-toaster';

/**
 * The one toaster of the app, created on first use: bottom right (bottom left from right to
 * left — Blueprint aligns the toasts to the end of the line), where they cover no page header
 * and none of its buttons (Salva, Esegui, Importa, Elimina: issue 30).
 */
function getToaster(): Promise<Toaster> {
  toaster ??= OverlayToaster.create({ position: Position.BOTTOM_RIGHT, maxToasts: MAX_TOASTS, className: TOASTER_CLASS });
  return toaster;
}

async function show(props: ToastProps): Promise<void> {
  (await getToaster()).show(props);
}

export const toast = {
  success: (message: string) => show({ message, intent: Intent.SUCCESS, icon: 'tick-circle' }),
  warning: (message: string) => show({ message, intent: Intent.WARNING, icon: 'warning-sign' }),
  error: (message: string) => show({ message, intent: Intent.DANGER, icon: 'error' }),
  /** A toast that stays while something runs; the answer removes it. */
  progress: async (message: string): Promise<() => void> => {
    const shown = await getToaster();
    const key = shown.show({ message, intent: Intent.PRIMARY, icon: 'time', timeout: 0 });
    return () => shown.dismiss(key);
  },
};
