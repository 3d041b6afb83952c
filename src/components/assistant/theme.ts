import type { BubbleTheme } from "flowise-embed";
import { ASSISTANT_MAX_CHARS, ASSISTANT_TEXTS, ASSISTANT_WINDOW } from "@/domain/assistant";
import { ASSISTANT_CUSTOM_CSS } from "./custom-css";

const GREEN = "#4fad32";

/** The widget's look and texts (keys checked against flowise-embed 3.1.6's BubbleTheme). */
export function assistantTheme(dark: boolean): BubbleTheme {
  return {
    customCSS: ASSISTANT_CUSTOM_CSS,
    button: { backgroundColor: GREEN, iconColor: "#ffffff", size: 48, bottom: 24, right: 24, dragAndDrop: false },
    tooltip: { showTooltip: true, tooltipMessage: ASSISTANT_TEXTS.tooltip, tooltipBackgroundColor: "#1f2937", tooltipTextColor: "#ffffff", tooltipFontSize: 14 },
    disclaimer: {
      title: ASSISTANT_TEXTS.title,
      message: "O SOL responde com os dados do cliente selecionado. Confira as informações importantes antes de usá-las.",
      buttonText: ASSISTANT_TEXTS.startButton,
      buttonColor: GREEN,
      buttonTextColor: "#ffffff",
      denyButtonText: "Cancelar",
      denyButtonBgColor: "#6d6d6d",
    },
    chatWindow: {
      showTitle: true,
      title: ASSISTANT_TEXTS.title,
      titleBackgroundColor: GREEN,
      titleTextColor: "#ffffff",
      welcomeMessage: ASSISTANT_TEXTS.welcome,
      errorMessage: "Não foi possível obter a resposta. Tente novamente em instantes.",
      starterPrompts: [...ASSISTANT_TEXTS.starterPrompts],
      width: ASSISTANT_WINDOW.width,
      height: ASSISTANT_WINDOW.height,
      fontSize: ASSISTANT_WINDOW.fontSize,
      backgroundColor: dark ? "#141414" : "#ffffff",
      clearChatOnReload: false,
      renderHTML: false,
      botMessage: { backgroundColor: dark ? "#262626" : "#f3f4f6", textColor: dark ? "#f5f5f5" : "#111827", showAvatar: false },
      userMessage: { backgroundColor: GREEN, textColor: "#ffffff", showAvatar: false },
      textInput: {
        placeholder: "Digite sua pergunta",
        backgroundColor: dark ? "#1f1f1f" : "#ffffff",
        textColor: dark ? "#f5f5f5" : "#111827",
        sendButtonColor: GREEN,
        maxChars: ASSISTANT_MAX_CHARS,
        maxCharsWarningMessage: ASSISTANT_TEXTS.maxCharsWarning,
        autoFocus: true,
      },
      footer: { showFooter: false },
    },
  };
}
