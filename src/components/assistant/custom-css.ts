import { ASSISTANT_TEXTS } from "@/domain/assistant";

/**
 * How long the button's greeting ("Olá 👋!") stays. flowise-embed keeps it on screen until the chat
 * opens, where it covered the last row's buttons of every list (issue 31): it says hello, then fades
 * out and stops taking clicks.
 */
export const ASSISTANT_GREETING_SECONDS = 6;

/**
 * CSS put inside the widget's shadow root. The greeting (`.tooltip`) leaves after
 * ASSISTANT_GREETING_SECONDS. flowise-embed 3.1.6 heads the follow-up prompts it shows after each
 * answer with a fixed English "Try these prompts" (the only element of that markup:
 * `div.flex.items-center.gap-1.px-5 > span.text-sm.text-gray-700`); this hides that text and writes
 * the pt-BR heading in its place.
 */
export const ASSISTANT_CUSTOM_CSS = `
.tooltip { pointer-events: none; animation: sol-greeting-leaves 0.3s ease-in ${ASSISTANT_GREETING_SECONDS}s forwards; }
@keyframes sol-greeting-leaves { to { opacity: 0; visibility: hidden; } }
.flex.items-center.gap-1.px-5 > span.text-sm.text-gray-700 { font-size: 0 !important; }
.flex.items-center.gap-1.px-5 > span.text-sm.text-gray-700::after { content: "${ASSISTANT_TEXTS.followUpTitle}"; font-size: 14px; }
`;
