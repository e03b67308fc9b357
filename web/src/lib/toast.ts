import { Intent, OverlayToaster, Position, type Toaster, type ToastProps } from '@blueprintjs/core';
import { MAX_TOASTS } from './constants';

let toaster: Promise<Toaster> | undefined;

/** The one toaster of the app, top right, created on first use. */
function getToaster(): Promise<Toaster> {
  toaster ??= OverlayToaster.create({ position: Position.TOP_RIGHT, maxToasts: MAX_TOASTS });
  return toaster;
}

async function show(props: ToastProps): Promise<void> {
  (await getToaster()).show(props);
}

export const toast = {
  success: (message: string) => show({ message, intent: Intent.SUCCESS, icon: 'tick-circle' }),
  warning: (message: string) => show({ message, intent: Intent.WARNING, icon: 'warning-sign' }),
  error: (message: string) => show({ message, intent: Intent.DANGER, icon: 'error' }),
};
