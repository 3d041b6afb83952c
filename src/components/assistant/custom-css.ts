import { ASSISTANT_TEXTS } from "@/domain/assistant";

/**
 * CSS put inside the widget's shadow root. flowise-embed 3.1.6 heads the follow-up prompts it shows
 * after each answer with a fixed English "Try these prompts" (the only element of that markup:
 * `div.flex.items-center.gap-1.px-5 > span.text-sm.text-gray-700`); this hides that text and writes
 * the pt-BR heading in its place.
 */
export const ASSISTANT_CUSTOM_CSS = `
.flex.items-center.gap-1.px-5 > span.text-sm.text-gray-700 { font-size: 0 !important; }
.flex.items-center.gap-1.px-5 > span.text-sm.text-gray-700::after { content: "${ASSISTANT_TEXTS.followUpTitle}"; font-size: 14px; }
`;
