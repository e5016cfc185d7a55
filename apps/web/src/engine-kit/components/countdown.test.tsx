import { act, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Countdown } from './countdown.tsx';

describe('countdown', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.setSystemTime(new Date('2026-03-05T12:00:00.000Z'));
  });
  afterEach(() => vi.useRealTimers());

  it("counts down to the server's deadline corrected by the clock offset, then calls onExpire once", () => {
    const onExpire = vi.fn();
    // The server's clock is 30 s ahead of this one: of its 2 minutes, 90 s are left.
    render(
      <Countdown
        deadlineAt="2026-03-05T12:02:00.000Z"
        offsetMs={30_000}
        timerSeconds={120}
        onExpire={onExpire}
      />,
    );
    expect(screen.getByRole('timer', { name: 'Tiempo restante' })).toHaveTextContent('00:01:30');

    act(() => vi.advanceTimersByTime(60_000));
    expect(screen.getByRole('timer')).toHaveTextContent('00:00:30');
    expect(onExpire).not.toHaveBeenCalled();

    act(() => vi.advanceTimersByTime(30_000));
    expect(screen.getByRole('timer')).toHaveTextContent('00:00:00');
    expect(onExpire).toHaveBeenCalledOnce();

    act(() => vi.advanceTimersByTime(5_000));
    expect(onExpire).toHaveBeenCalledOnce();
  });

  it('warns at ten, five and one minute left, in words announced by screen readers', () => {
    render(
      <Countdown
        deadlineAt="2026-03-05T12:11:00.000Z"
        offsetMs={0}
        timerSeconds={3600}
        onExpire={() => undefined}
      />,
    );
    const live = screen.getByRole('alert');
    expect(live).toBeEmptyDOMElement();
    act(() => vi.advanceTimersByTime(60_000));
    expect(live).toHaveTextContent('Quedan 10 minutos.');
    act(() => vi.advanceTimersByTime(5 * 60_000));
    expect(live).toHaveTextContent('Quedan 5 minutos.');
    act(() => vi.advanceTimersByTime(4 * 60_000));
    expect(live).toHaveTextContent('Queda 1 minuto.');
  });
});
