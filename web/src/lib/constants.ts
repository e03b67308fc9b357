export const APP_NAME = 'Istruttoria';
export const APP_VERSION = '1.0.18';

export const SIDEBAR_WIDTH_PX = 280;
export const TOP_BAR_HEIGHT_PX = 64;
/** From this viewport width up the sidebar is persistent; below it is a drawer. */
export const LARGE_SCREEN_MIN_WIDTH_PX = 1200;

export const MAX_TOASTS = 3;
