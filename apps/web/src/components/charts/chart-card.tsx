import './charts.css';
import { useId, type ReactNode } from 'react';

export interface ChartFigure {
  label: string;
  value: string;
  /** A swatch matching the chart's colour for this figure. */
  color?: string;
}

/**
 * A titled card holding one chart and, below it, its numbers as text: what a screen reader reads
 * and what the student can copy (the chart itself is one image).
 */
export function ChartCard({
  title,
  description,
  figures,
  figuresLabel,
  children,
  className,
}: {
  title: string;
  description?: string;
  figures?: readonly ChartFigure[];
  figuresLabel?: string;
  children?: ReactNode;
  className?: string;
}) {
  const headingId = useId();
  return (
    <section
      className={className ? `chart-card ${className}` : 'chart-card'}
      aria-labelledby={headingId}
    >
      <h2 id={headingId} className="chart-card__title">
        {title}
      </h2>
      {description && <p className="chart-card__description">{description}</p>}
      {children}
      {figures && figures.length > 0 && (
        <ul className="chart-card__figures" aria-label={figuresLabel}>
          {figures.map((figure) => (
            <li key={figure.label} className="chart-card__figure">
              {figure.color && (
                <span
                  className="chart-card__swatch"
                  style={{ background: figure.color }}
                  aria-hidden="true"
                />
              )}
              <span className="chart-card__figure-label">{figure.label}</span>
              <span className="chart-card__figure-value">{figure.value}</span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/** Chart cards side by side on a wide screen, one under another below 840 px (spec 001, §9). */
export function ChartGrid({ children }: { children: ReactNode }) {
  return <div className="chart-grid">{children}</div>;
}
