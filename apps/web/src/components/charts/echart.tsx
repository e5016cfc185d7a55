import { useEffect, useRef } from 'react';
import type { EChartsType } from 'echarts/core';
import type { ChartOption } from './chart-option.ts';

const REDUCED_MOTION = '(prefers-reduced-motion: reduce)';

function prefersReducedMotion(): boolean {
  return typeof window.matchMedia === 'function' && window.matchMedia(REDUCED_MOTION).matches;
}

/**
 * One ECharts chart. The library loads on the first chart shown (a chunk of its own, see
 * `echarts-runtime.ts`), the chart follows its container's size, and it is exposed to assistive
 * technology as one image named by `label`: give the numbers in text beside it as well.
 */
export function EChart({
  option,
  label,
  height = 280,
  className,
}: {
  option: ChartOption;
  label: string;
  height?: number;
  className?: string;
}) {
  const containerRef = useRef<HTMLDivElement>(null);
  const chartRef = useRef<EChartsType | null>(null);
  const optionRef = useRef(option);

  useEffect(() => {
    const container = containerRef.current;
    if (!container) return undefined;
    let isDisposed = false;
    let observer: ResizeObserver | undefined;
    import('./echarts-runtime.ts')
      .then(({ init }) => {
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
    return () => {
      isDisposed = true;
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
