import { App } from "antd";
import type { NotificationProvider } from "@refinedev/core";
import type { NotificationPlacement } from "antd/es/notification/interface";
import { DIALOG_TEXTS } from "@/components/dialogs/texts";
import { themeStore } from "@/components/theme/theme-store";
import { TERMS_REQUIRED } from "@/providers/auth-provider/terms";

/** Toast timing from spec section 9: 4000 ms with a progress bar, paused while hovered. */
export const TOAST_DURATION_MS = 4000;

/** Success toasts at the top; errors at the top end (right, or left when the page is right-to-left). */
export function toastPlacement(type: "success" | "error" | "progress", direction = themeStore.getState().direction): NotificationPlacement {
  if (type !== "error") return "top";
  return direction === "rtl" ? "topLeft" : "topRight";
}

/** The toast body: Refine's message and description, without repeating the title. */
export function toastBody(title: string, message?: string, description?: string): string | undefined {
  const lines = [message, description].filter((line): line is string => Boolean(line) && line !== title);
  return lines.length ? [...new Set(lines)].join(" — ") : undefined;
}

/** Refine's notifications as the spec's toasts, titled 'Sucesso' or 'Erro'. */
export function useNotificationProvider(): NotificationProvider {
  const { notification } = App.useApp();
  return {
    open: ({ key, message, description, type }) => {
      // Refine's login hook toasts every refusal; the terms one is answered by the terms dialog alone.
      if (message === TERMS_REQUIRED) return;
      const common = { key, duration: TOAST_DURATION_MS / 1000, showProgress: true, pauseOnHover: true, placement: toastPlacement(type) };
      if (type === "error") notification.error({ ...common, message: DIALOG_TEXTS.error, description: toastBody(DIALOG_TEXTS.error, message, description) });
      else if (type === "success") notification.success({ ...common, message: DIALOG_TEXTS.success, description: toastBody(DIALOG_TEXTS.success, message, description) });
      else notification.info({ ...common, message: message || DIALOG_TEXTS.loading, description });
    },
    close: (key) => notification.destroy(key),
  };
}
