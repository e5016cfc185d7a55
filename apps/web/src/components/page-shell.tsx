import type { ReactNode } from 'react';

/** A page's title and introduction; the pages later issues fill in start as just this. */
export function PageShell({
  title,
  description,
  children,
}: {
  title: string;
  description?: string;
  children?: ReactNode;
}) {
  return (
    <section className="page">
      <h1 className="page__title">{title}</h1>
      {description && <p className="page__lead">{description}</p>}
      {children}
    </section>
  );
}
