import { Spinner, SpinnerSize } from '@blueprintjs/core';

/**
 * A spinner over the whole page: alone while nothing can be shown yet, or over the page
 * (`overlay`) while it must not be used, e.g. during a token refresh.
 */
export function FullPageLoader({ label, overlay = false }: { label: string; overlay?: boolean }) {
  return (
    <div
      className={`full-page-loader${overlay ? ' full-page-loader--overlay' : ''}`}
      role="status"
      aria-live="polite"
      data-testid="session-loader"
    >
      <Spinner size={SpinnerSize.LARGE} aria-label={label} />
      <span className="full-page-loader__label">{label}</span>
    </div>
  );
}
