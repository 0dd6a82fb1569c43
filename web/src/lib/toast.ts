import { App } from 'antd';
import { useCallback } from 'react';

export type ToastVariant = 'default' | 'destructive';

export interface ToastOptions {
  title: string;
  description?: string;
  variant?: ToastVariant;
}

/**
 * spec §2/8 toasts on antd notification (maxCount 1 and 5 s are set on <App>).
 * 'destructive' is the error style; every 'default' toast in the catalogue reports a success.
 */
export function useToast() {
  const { notification } = App.useApp();
  return useCallback(
    ({ title, description, variant = 'default' }: ToastOptions) => {
      const show = variant === 'destructive' ? notification.error : notification.success;
      // Bottom placement keeps the top bar (menu, bell, theme) usable while a toast is up.
      const placement = window.matchMedia('(min-width: 640px)').matches ? 'bottomRight' : 'bottom';
      show({ title, description, placement, role: variant === 'destructive' ? 'alert' : 'status' });
    },
    [notification],
  );
}
