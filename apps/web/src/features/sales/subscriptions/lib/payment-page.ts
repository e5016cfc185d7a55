/**
 * The payment platform's card page opens in the same window (spec 000, section 7), behind an object
 * so that tests can replace it: jsdom cannot navigate.
 */
export const paymentPage = {
  open(url: string): void {
    window.location.assign(url);
  },
};
