import { useEffect, useRef } from 'react';
import type { EChartsType } from 'echarts/core';
import type { ChartOption } from './chart-option.ts';

const REDUCED_MOTION = '(prefers-reduced-motion: reduce)';

function prefersReducedMotion(): boolean {
  return typeof window.matchMedia === 'function' && window.matchMedia(REDUCED_MOTION).matches;
}

/** How far below the screen a chart starts drawing, so it is there when scrolled to. */
const DRAW_AHEAD = '200px';

/**
 * Calls `draw` once the element comes near the screen: charts out of view cost a phone nothing
 * while the page loads (Lighthouse: ECharts' code and drawing were the largest part of
 * the dashboard's and the statistics' main-thread work). Where the browser cannot tell, at once.
 */
function whenNearScreen(element: Element, draw: () => void): () => void {
  if (typeof IntersectionObserver !== 'function') {
    draw();
    return () => {};
  }
  const observer = new IntersectionObserver(
    (entries) => {
      if (!entries.some((entry) => entry.isIntersecting)) return;
      observer.disconnect();
      draw();
    },
    { rootMargin: DRAW_AHEAD },
  );
  observer.observe(element);
  return () => observer.disconnect();
}

/**
 * One ECharts chart. The library loads when the first chart comes near the screen (a chunk of its
 * own, see `echarts-runtime.ts`), the chart follows its container's size, which is reserved
 * meanwhile, and it is exposed to assistive technology as one image named by `label`: give the
 * numbers in text beside it as well.
 */
export function EChart({
  option,
  label,
  height = 280,
  className,
  prepare,
}: {
  option: ChartOption;
  label: string;
  height?: number;
  className?: string;
  /** Loads what the option needs besides `echarts-runtime.ts` (more series), before drawing. */
  prepare?: () => Promise<unknown>;
}) {
  const containerRef = useRef<HTMLDivElement>(null);
  const chartRef = useRef<EChartsType | null>(null);
  const optionRef = useRef(option);
  const prepareRef = useRef(prepare);

  useEffect(() => {
    const container = containerRef.current;
    if (!container) return undefined;
    let isDisposed = false;
    let observer: ResizeObserver | undefined;
    const stopWatching = whenNearScreen(container, () => {
      Promise.all([import('./echarts-runtime.ts'), prepareRef.current?.()])
        .then(([{ init }]) => {
          if (isDisposed) return;
          const chart = init(container, undefined, { renderer: 'svg' });
          chartRef.current = chart;
          chart.setOption({ animation: !prefersReducedMotion(), ...optionRef.current });
          observer = new ResizeObserver(() => chart.resize());
          observer.observe(container);
        })
        .catch(() => {
          // No chart (the chunk failed to load): the numbers beside it still show.
        });
    });
    return () => {
      isDisposed = true;
      stopWatching();
      observer?.disconnect();
      chartRef.current?.dispose();
      chartRef.current = null;
    };
  }, []);

  useEffect(() => {
    optionRef.current = option;
    chartRef.current?.setOption(
      { animation: !prefersReducedMotion(), ...option },
      { notMerge: true },
    );
  }, [option]);

  return (
    <div
      ref={containerRef}
      className={className}
      data-chart=""
      role="img"
      aria-label={label}
      style={{ width: '100%', height }}
    />
  );
}
