/**
 * Runs `work` in a task of its own, soon: after the browser has had a chance to paint and to
 * handle input, before timers. A long start-up split this way is several short tasks, not one
 * that holds the main thread (a phone's first second; Lighthouse's blocking time). Tasks posted
 * this way run in the order they were posted, and before a render React schedules after them
 * (React's scheduler posts its work the same way).
 */
export function inNextTask(work: () => void): void {
  const channel = new MessageChannel();
  channel.port1.onmessage = () => {
    channel.port1.close();
    work();
  };
  channel.port2.postMessage(null);
}
