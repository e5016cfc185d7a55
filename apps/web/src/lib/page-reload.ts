/**
 * Reloading the page, behind an object so that tests can replace it (jsdom cannot navigate).
 * The avatar change ends with a reload (spec 000, section 4).
 */
export const pageReload = {
  reload(): void {
    window.location.reload();
  },
};
