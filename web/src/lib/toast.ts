import { Intent, OverlayToaster, Position, type Toaster, type ToastProps } from '@blueprintjs/core';
import { MAX_TOASTS } from './constants';

let toaster: Promise<Toaster> | undefined;

/** Its class: the toasts appear under the top bar, not over its buttons (styles.css). */
export const TOASTER_CLASS = 'app-toaster';

/**
 * The one toaster of the app, created on first use: top right (top left from right to left —
 * Blueprint aligns the toasts to the end of the line), under the top bar.
 */
function getToaster(): Promise<Toaster> {
  toaster ??= OverlayToaster.create({ position: Position.TOP_RIGHT, maxToasts: MAX_TOASTS, className: TOASTER_CLASS });
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
