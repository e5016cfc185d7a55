/**
 * Ant Design's design tokens for Ensaya. Shared by the app's ConfigProvider (app/providers.tsx) and
 * the build step that writes Ant Design's component styles as static CSS (build/antd-styles.ts):
 * the production build runs Ant Design in zero-runtime mode, so the CSS the browser receives must
 * be generated with the same settings. Plain data: it is also loaded by Node at build time.
 */
export const ANTD_TOKEN = {
  colorPrimary: '#1d4ed8',
  // Links and link buttons in the brand blue: Ant Design's default link colour (#1677ff) reads at
  // 4.0:1 on white, under the 4.5:1 text needs.
  colorLink: '#1d4ed8',
  borderRadius: 8,
  fontFamily:
    "system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, 'Noto Sans', sans-serif",
} as const;

/**
 * Class names without a per-theme hash: the static CSS is written once for every theme (colours
 * and sizes reach it through CSS variables that Ant Design still sets at run time).
 */
export const ANTD_HASHED = false;
