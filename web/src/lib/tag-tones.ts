/**
 * Tag colours for "act now" and "act soon", in AA-contrast shades like the stock badges: antd's
 * orange tag has its text at 3.9:1 on its background. Used by the expiry and low-stock alert tags.
 */
export const TONE_TAG_STYLES = {
  danger: { color: '#991b1b', background: '#fee2e2', borderColor: 'transparent' },
  warning: { color: '#9a3412', background: '#ffedd5', borderColor: 'transparent' },
} as const;
