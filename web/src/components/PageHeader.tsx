import { H1 } from '@blueprintjs/core';
import type { ReactNode } from 'react';

/** The title line of a screen, with room for its actions on the other side. */
export function PageHeader({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <header className="page-header">
      <H1 className="page-header__title">{title}</H1>
      {children}
    </header>
  );
}
