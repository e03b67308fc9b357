import { Callout } from '@blueprintjs/core';

/** The server's message under (or above) a form, announced to screen readers. */
export function FormError({ message, testId }: { message: string | undefined; testId?: string }) {
  if (message === undefined) return null;
  return (
    <Callout intent="danger" icon="error" role="alert" className="form-error" data-testid={testId}>
      {message}
    </Callout>
  );
}
