import { App } from "antd";
import type { NotificationProvider } from "@refinedev/core";

/** Toast timing and placement from spec section 9. */
export const TOAST_DURATION_SECONDS = 4;

/** Refine notifications as antd toasts: success on top, errors top-end, 4 s with progress, pause on hover. */
export function useNotificationProvider(): NotificationProvider {
  const { notification } = App.useApp();
  return {
    open: ({ key, message, description, type }) => {
      const common = { key, duration: TOAST_DURATION_SECONDS, showProgress: true, pauseOnHover: true };
      if (type === "error") notification.error({ ...common, message: message || "Erro", description, placement: "topRight" });
      else if (type === "success") notification.success({ ...common, message: message || "Sucesso", description, placement: "top" });
      else notification.info({ ...common, message, description, placement: "top" });
    },
    close: (key) => notification.destroy(key),
  };
}
