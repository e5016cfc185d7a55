/**
 * Sandbox card numbers of their own, written as a student types them. A free trial is once per
 * card and the sandbox tells cards apart by the whole number, while the last four digits
 * decide what a card does (as the test card ending the same way): a suite that reused one number
 * would find the trial taken by an earlier student.
 */
function testCard(lastFour: string): string {
  let middle = '';
  for (let i = 0; i < 11; i++) middle += String(Math.floor(Math.random() * 10));
  return `4${middle}${lastFour}`.replace(/(\d{4})(?=\d)/g, '$1 ');
}

/** Approves every charge. */
export const approveCard = () => testCard('1111');
/** Passes the card validation at enrollment, then declines every charge. */
export const declineLaterCard = () => testCard('0341');
