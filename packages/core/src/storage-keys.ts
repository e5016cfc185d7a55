/**
 * Browser storage keys the web app keeps (spec 000, section 3). Their values are strings, as the
 * spec's flags are: `header` is '0' while a test runs and '1' otherwise, `redirect` and `banner` are
 * '0'/'1' or 'true'/'false'.
 *
 * One key is ours, not the spec's: `package`, the id of the package chosen at
 * `/registro/{id}/...`. It has to outlive the e-mail verification and the login (another tab, often
 * another visit) so that the wizard can skip its package step; it is removed once the subscription
 * is created.
 */
export const StorageKey = {
  isAuthenticated: 'isAuthenticated',
  username: 'username',
  avatar: 'avatar',
  redirect: 'redirect',
  header: 'header',
  lang: 'lang',
  render: 'render',
  banner: 'banner',
  subscription: 'subscription',
  package: 'package',
} as const;
export type StorageKey = (typeof StorageKey)[keyof typeof StorageKey];

/** Keys that logout removes (spec 000, section 4). */
export const LOGOUT_CLEARED_KEYS: readonly StorageKey[] = [
  StorageKey.isAuthenticated,
  StorageKey.username,
  StorageKey.avatar,
  StorageKey.redirect,
  StorageKey.header,
];
